import { describe, expect, it } from 'vitest';
import { optionsMarket } from '../options-market/index.ts';
import { SPY } from '../options-market/test-underlying.ts';
import { contractMark, evenSample, pnlSummary, printDirection, printPnl, printSide } from './print-outcomes.ts';

describe('print side and direction', () => {
  it('a print at or above the ask was bought, at or below the bid sold, between them unknown', () => {
    expect(printSide(1.1, 1, 1.1)).toBe(1);
    expect(printSide(1.12, 1, 1.1)).toBe(1);
    expect(printSide(1, 1, 1.1)).toBe(-1);
    expect(printSide(0.98, 1, 1.1)).toBe(-1);
    expect(printSide(1.05, 1, 1.1)).toBe(0);
    expect(printSide(1.05, null, null)).toBe(0);
  });

  it('bought calls and sold puts are bullish; bought puts and sold calls bearish', () => {
    expect(printDirection(1, 'Call')).toBe(1);
    expect(printDirection(-1, 'Put')).toBe(1);
    expect(printDirection(1, 'Put')).toBe(-1);
    expect(printDirection(-1, 'Call')).toBe(-1);
    expect(printDirection(0, 'Call')).toBe(0);
  });
});

describe('option P&L of a print', () => {
  it('a long call bought at the ask gains (mark - price) x size x 100', () => {
    // 10 calls bought at 1.10, marked at 2.00: +$900.
    expect(printPnl(1, 1.1, 10, 2)).toBeCloseTo(900, 6);
    // The same calls marked at 0.50: -$600.
    expect(printPnl(1, 1.1, 10, 0.5)).toBeCloseTo(-600, 6);
  });

  it('a call sold at the bid gains when the mark falls, loses when it rises', () => {
    expect(printPnl(-1, 1, 10, 0.4)).toBeCloseTo(600, 6);
    expect(printPnl(-1, 1, 10, 2)).toBeCloseTo(-1000, 6);
  });

  it('sums P&L and premium, with the return on premium and the winners share', () => {
    const s = pnlSummary([
      { pnl: 900, premium: 1100 },
      { pnl: -600, premium: 1100 },
      { pnl: 300, premium: 800 },
    ]);
    expect(s).toEqual({ prints: 3, pnl: 600, premium: 3000, return: 0.2, winners: 0.667 });
    expect(pnlSummary([])).toEqual({ prints: 0, pnl: 0, premium: 0, return: null, winners: null });
  });
});

describe('contract mark', () => {
  const market = optionsMarket(SPY, 1);
  const expiry = market.expirations.find((e) => e.expiry > '2024-03-20')!.expiry;
  const strike = market.strikes(expiry).find((k) => k >= 510)!;

  it('is the options market model mid of the listed contract at the close', () => {
    const c = market.contractAt(expiry, strike, 'call')!;
    const q = market.quote(c, SPY.close);
    expect(contractMark(market, { put_call: 'Call', strike_price: strike, date_expiration: expiry })).toBeCloseTo(
      (q.bid + q.ask) / 2,
      10,
    );
  });

  it('rises for a call and falls for a put when the underlying closes higher', () => {
    const up = { ...SPY, close: SPY.close * 1.03 };
    const call = { put_call: 'Call', strike_price: strike, date_expiration: expiry };
    const put = { ...call, put_call: 'Put' };
    const higher = optionsMarket(up, 1);
    expect(contractMark(higher, call)).toBeGreaterThan(contractMark(market, call));
    expect(contractMark(higher, put)).toBeLessThan(contractMark(market, put));
  });

  it('is the intrinsic value once expired', () => {
    const on = optionsMarket({ ...SPY, date: '2024-03-15', close: 520 }, 1);
    expect(contractMark(on, { put_call: 'Call', strike_price: 510, date_expiration: '2024-03-15' })).toBe(10);
    expect(contractMark(on, { put_call: 'Put', strike_price: 510, date_expiration: '2024-03-15' })).toBe(0);
    expect(contractMark(on, { put_call: 'Put', strike_price: 530, date_expiration: '2024-03-08' })).toBe(10);
  });
});

describe('even sample', () => {
  it('takes every index when there are few, else spreads k over the whole span, deterministically', () => {
    expect(evenSample(3, 5)).toEqual([0, 1, 2]);
    const s = evenSample(1000, 10);
    expect(s).toEqual([50, 150, 250, 350, 450, 550, 650, 750, 850, 950]);
    expect(evenSample(1000, 10)).toEqual(s);
  });
});
