import { describe, expect, it } from 'vitest';
import { flowTradeSchema } from '@tapewatch/shared/schemas/flow';
import { SCORE_HELP } from '@tapewatch/shared/flow/score';
import type { OptionsActivityRecord } from '../../providers/benzinga/options-activity.ts';
import { classifyFill, daysToExpiry, otmPercent, sentimentOf } from './classify.ts';
import { mostOtm } from './most-otm.ts';
import { flowScore, scoreComponents } from './score.ts';
import { tradeFromRecord } from '../../providers/benzinga/trade-from-record.ts';
import { compareNewestFirst } from './trade.ts';

describe('fill classification', () => {
  it.each([
    [2.2, 'Above Ask'],
    [2.104, 'Ask'],
    [2.1, 'Ask'],
    [2.08, 'Ask'],
    [2.075, 'Ask'],
    [2.07, 'Mid'],
    [2.05, 'Mid'],
    [2.03, 'Mid'],
    [2.025, 'Bid'],
    [2.0, 'Bid'],
    [1.996, 'Bid'],
    [1.99, 'Below Bid'],
  ] as const)('price %s against 2.00 x 2.10 is %s', (price, fill) => {
    expect(classifyFill(price, 2.0, 2.1)).toBe(fill);
  });
  it('a locked quote is Mid unless the price is outside; no quote falls back to the aggressor indicator', () => {
    expect(classifyFill(1, 1, 1)).toBe('Mid');
    expect(classifyFill(1.02, 1, 1)).toBe('Above Ask');
    expect(classifyFill(1, null, null, 0.9)).toBe('Ask');
    expect(classifyFill(1, null, 2, 0.1)).toBe('Bid');
    expect(classifyFill(1, null, null, 1.2)).toBe('Above Ask');
    expect(classifyFill(1, null, null, -0.1)).toBe('Below Bid');
    expect(classifyFill(1, null, null, 0.5)).toBe('Mid');
    expect(classifyFill(1, null, null, null)).toBe('Mid');
  });
});

describe('sentiment, otm, DTE', () => {
  it('ask-side calls and bid-side puts are bullish', () => {
    expect(sentimentOf('Call', 'Ask')).toBe('Bullish');
    expect(sentimentOf('Call', 'Above Ask')).toBe('Bullish');
    expect(sentimentOf('Put', 'Bid')).toBe('Bullish');
    expect(sentimentOf('Put', 'Below Bid')).toBe('Bullish');
    expect(sentimentOf('Call', 'Bid')).toBe('Bearish');
    expect(sentimentOf('Call', 'Below Bid')).toBe('Bearish');
    expect(sentimentOf('Put', 'Ask')).toBe('Bearish');
    expect(sentimentOf('Put', 'Above Ask')).toBe('Bearish');
    expect(sentimentOf('Call', 'Mid')).toBe('Neutral');
    expect(sentimentOf('Put', 'Mid')).toBe('Neutral');
  });
  it('otm percent: calls above, puts below the underlying', () => {
    expect(otmPercent('Call', 110, 100)).toBeCloseTo(10, 12);
    expect(otmPercent('Put', 90, 100)).toBeCloseTo(10, 12);
    expect(otmPercent('Call', 90, 100)).toBeCloseTo(-10, 12);
    expect(otmPercent('Put', 110, 100)).toBeCloseTo(-10, 12);
    expect(otmPercent('Call', 100, 0)).toBeNaN();
  });
  it('DTE counts calendar days, across DST and years, never negative', () => {
    expect(daysToExpiry('2024-03-08', '2024-03-08')).toBe(0);
    expect(daysToExpiry('2024-03-08', '2024-03-15')).toBe(7);
    expect(daysToExpiry('2024-03-08', '2024-03-11')).toBe(3);
    expect(daysToExpiry('2024-03-08', '2026-01-16')).toBe(679);
    expect(daysToExpiry('2024-03-08', '2024-03-01')).toBe(0);
  });
});

describe('score', () => {
  const maxed = {
    premiumUsd: 5_000_000,
    size: 1000,
    openInterest: 10,
    fill: 'Above Ask',
    activityType: 'sweep',
    dte: 1,
  } as const;
  it('is 1 when every component is maxed and 0.2*0.2 + 0.3*0.15 when all are at their floor', () => {
    expect(flowScore(maxed)).toBe(1);
    const floor = flowScore({
      premiumUsd: 5_000,
      size: 0,
      openInterest: 1000,
      fill: 'Mid',
      activityType: 'trade',
      dte: 400,
    });
    expect(floor).toBeCloseTo(0.2 * 0.2 + 0.15 * 0.3, 10);
  });
  it('matches the documented formula on a mid-range trade', () => {
    const i = {
      premiumUsd: 100_000,
      size: 250,
      openInterest: 1000,
      fill: 'Ask',
      activityType: 'block',
      dte: 30,
    } as const;
    expect(scoreComponents(i)).toEqual({
      premium: 0.5,
      opening: 0.25,
      aggressor: 0.7,
      urgency: 0.6,
      expiry: 1 - 23 / 173,
    });
    expect(flowScore(i)).toBeCloseTo(0.3 * 0.5 + 0.25 * 0.25 + 0.2 * 0.7 + 0.15 * 0.6 + 0.1 * (1 - 23 / 173), 4);
  });
  it('treats zero open interest as 1 and stays within 0..1', () => {
    expect(scoreComponents({ ...maxed, openInterest: 0, size: 1 }).opening).toBe(1);
    expect(flowScore({ ...maxed, premiumUsd: 0 })).toBeGreaterThanOrEqual(0);
  });
  it('has help text naming every part', () => {
    for (const word of ['Premium', 'Opening size', 'Aggressor', 'Urgency', 'Expiry', '$1M'])
      expect(SCORE_HELP).toContain(word);
  });
});

const record: OptionsActivityRecord = {
  id: 'abc',
  date: '2024-03-08',
  time: '10:31:02',
  ticker: 'SPY',
  exchange: 'CBOE',
  optionSymbol: 'SPY240315C00515000',
  putCall: 'call',
  strikePrice: 515,
  dateExpiration: '2024-03-15',
  activityType: 'sweep',
  sentiment: 'bearish',
  aggressorInd: 0.8,
  ask: 1.25,
  bid: 1.2,
  midpoint: 1.225,
  price: 1.25,
  size: 400,
  volume: 1800,
  openInterest: 12000,
  underlyingPrice: 511.72,
  underlyingType: 'ETF',
  costBasisUsd: 50_000,
  tradeCount: 7,
  description: null,
  updated: null,
};

describe('trade from a vendor record', () => {
  it('fills every spec field, premium in thousands, its own sentiment', () => {
    const tr = tradeFromRecord(record);
    expect(flowTradeSchema.parse(tr)).toEqual(tr);
    expect(tr).toMatchObject({
      key: 'abc',
      ticker: 'SPY',
      put_call: 'Call',
      DTE: 7,
      option_activity_type: 'Sweep',
      cost_basis: 50,
      fill: 'Ask',
      sentiment: 'Bullish',
      trade_count: 7,
      open_interest: 12000,
      volume: 1800,
      price: 1.25,
      midpoint: 1.225,
      strike_price: 515,
      underlying_price: 511.72,
    });
    expect(tr.score).toBe(
      flowScore({ premiumUsd: 50_000, size: 400, openInterest: 12000, fill: 'Ask', activityType: 'sweep', dte: 7 }),
    );
  });
  it('fills gaps: price from the premium, midpoint from the quote, counts default', () => {
    const tr = tradeFromRecord({
      ...record,
      price: null,
      midpoint: null,
      volume: null,
      openInterest: null,
      tradeCount: null,
      activityType: 'block',
      putCall: 'put',
    });
    expect(tr).toMatchObject({
      price: 1.25,
      midpoint: 1.225,
      volume: 400,
      open_interest: 0,
      trade_count: 1,
      option_activity_type: 'Block',
      put_call: 'Put',
      sentiment: 'Bearish',
    });
  });
  it('orders newest first with a stable tie-break', () => {
    const a = tradeFromRecord(record);
    const b = { ...a, key: 'abd' };
    const c = { ...a, time: '10:31:03' };
    const d = { ...a, date: '2024-03-07', time: '15:00:00' };
    expect([d, a, b, c].sort(compareNewestFirst).map((x) => `${x.date} ${x.time} ${x.key}`)).toEqual([
      '2024-03-08 10:31:03 abc',
      '2024-03-08 10:31:02 abd',
      '2024-03-08 10:31:02 abc',
      '2024-03-07 15:00:00 abc',
    ]);
  });
  it('lists the most out-of-the-money trades in whole percent, furthest first', () => {
    const a = tradeFromRecord(record);
    const rows = mostOtm([
      a,
      { ...a, key: 'p', put_call: 'Put', strike_price: 400 },
      { ...a, key: 'n', underlying_price: null },
    ]);
    expect(rows.map((r) => [r.key, r.otm])).toEqual([
      ['p', 22],
      ['abc', 1],
    ]);
  });
});
