import { describe, expect, it } from 'vitest';
import { optionChainView } from '../option-chain/chain-view.ts';
import { testChain } from '../../providers/demo/test-chain.ts';
import { SPY } from '../options-market/test-underlying.ts';
import { ivStanding, realisedVol } from './iv-rank.ts';
import { ivAtDelta, termStructure } from './term-structure.ts';
import { volatilityData, volatilitySummary } from './volatility-data.ts';

describe('IV rank and percentile', () => {
  it('match their definitions on a hand-made series', () => {
    // Window of 6 (the last 6 values), today = 0.25: low 0.10, high 0.40.
    const s = ivStanding([0.9, 0.2, 0.1, 0.4, 0.3, 0.2, 0.25], 6)!;
    expect(s.low).toBe(0.1);
    expect(s.high).toBe(0.4);
    expect(s.rank).toBeCloseTo(50, 12); // (0.25 - 0.10) / (0.40 - 0.10)
    expect(s.percentile).toBeCloseTo((3 / 6) * 100, 12); // 0.2, 0.1, 0.2 are below 0.25
    expect(s.days).toBe(6);
    // Today at the window's high and low; a flat series has no rank.
    expect(ivStanding([0.1, 0.2, 0.3])!).toMatchObject({ rank: 100, percentile: (2 / 3) * 100 });
    expect(ivStanding([0.3, 0.2, 0.1])!).toMatchObject({ rank: 0, percentile: 0 });
    expect(ivStanding([0.2, 0.2])!.rank).toBeNull();
    expect(ivStanding([])).toBeNull();
  });

  it('realised volatility is the annualised sample sd of close-to-close log returns', () => {
    const close = [100, 101, 99, 102, 100];
    const r = [Math.log(101 / 100), Math.log(99 / 101), Math.log(102 / 99), Math.log(100 / 102)];
    const m = r.reduce((a, b) => a + b) / 4;
    const sd = Math.sqrt(r.reduce((a, x) => a + (x - m) ** 2, 0) / 3);
    expect(realisedVol(close, 4, 4)).toBeCloseTo(sd * Math.sqrt(252), 12);
    expect(realisedVol(close, 3, 4)).toBeNull();
  });
});

describe('term structure, skew and expected move of a chain', () => {
  const spy = optionChainView(testChain(SPY), 'all');
  const terms = termStructure(spy);

  it('the expected move is the at-the-money straddle mid, and the range is price -/+ it', () => {
    expect(terms.length).toBe(spy.expirations.length);
    for (const t of terms) {
      const rows = spy.rows.filter((r) => r.expiration === t.expiration);
      const nearest = Math.min(...rows.map((r) => Math.abs(r.strike - spy.underlying_price)));
      const atm = rows.find((r) => Math.abs(r.strike - spy.underlying_price) === nearest)!;
      expect(t.atm_strike).toBe(atm.strike);
      expect(t.expected_move).toBeCloseTo(atm.call!.mid! + atm.put!.mid!, 4);
      expect(t.range_low).toBeCloseTo(spy.underlying_price - t.expected_move!, 4);
      expect(t.range_high).toBeCloseTo(spy.underlying_price + t.expected_move!, 4);
      expect(t.atm_iv).toBeCloseTo((atm.call!.iv! + atm.put!.iv!) / 2, 5);
    }
  }, 30_000);

  it('reads the skew at equal delta: an index ETF is put-skewed on every expiration', () => {
    for (const t of terms.filter((x) => x.dte >= 7)) {
      expect(Math.abs(t.risk_reversal_25d! - (t.call_25d_iv! - t.put_25d_iv!))).toBeLessThanOrEqual(2e-6); // each rounded to 1e-6
      expect(t.risk_reversal_25d).toBeLessThan(0);
      expect(t.put_25d_iv).toBeGreaterThan(t.atm_iv!);
    }
  });

  it('interpolates the IV at a delta linearly between the strikes around it', () => {
    const side = (delta: number, iv: number) => ({ delta, iv });
    const rows = [
      { strike: 90, call: side(0.4, 0.2), put: side(-0.6, 0.2) },
      { strike: 100, call: side(0.2, 0.3), put: side(-0.8, 0.3) },
    ] as unknown as Parameters<typeof ivAtDelta>[0];
    expect(ivAtDelta(rows, 'call', 0.25)).toBeCloseTo(0.275, 12);
    expect(ivAtDelta(rows, 'put', -0.25)).toBeNull();
  });
});

describe("the quote panel's summary", () => {
  it('gives the figures of the Volatility answer while pricing only the nearest expiration', () => {
    const input = testChain(SPY);
    const whole = optionChainView(input, 'all');
    const date = whole.as_of.slice(0, 10);
    // A hand-made IV year and closes ending on the chain's date.
    const dates = Array.from(
      { length: 300 },
      (_, i) => `${2023 + Math.floor(i / 250)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
    );
    dates[dates.length - 1] = date;
    const ivHistory = { date: dates, atmIv: dates.map((_, i) => 0.12 + 0.05 * Math.sin(i / 17)) };
    const closes = { date: dates, close: dates.map((_, i) => 400 + Math.cos(i / 9) * 10) };
    const full = volatilityData({ chain: whole, ivHistory, closes })!;
    const next = optionChainView(input, whole.expirations[0]!.expiration);
    const summary = volatilitySummary({ next, ivHistory });
    expect(summary).toMatchObject({
      ticker: 'SPY',
      optionable: true,
      as_of: full.as_of,
      atm_iv: full.atm_iv,
      iv_rank: full.iv_rank,
      iv_percentile: full.iv_percentile,
      iv_window_days: 252,
      expected_move_rule: full.expected_move_rule,
    });
    expect(summary.next_expiration).toEqual(full.expirations[0]);
    expect(summary.next_expiration!.expected_move).toBeGreaterThan(0);
    // No IV history (live mode for now): the expected move still shows, the rank does not.
    expect(volatilitySummary({ next, ivHistory: null })).toMatchObject({ iv_rank: null, atm_iv: null });
  }, 30_000);
});
