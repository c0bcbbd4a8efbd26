import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../../providers/fixtures/load-fixture.ts';
import { parseOccSymbol } from '../../providers/option-quote.ts';
import { SURFACE_PARAMS, volSurface } from './surface.ts';
import { SPY, NVDA } from './test-underlying.ts';

// The real IWM chain of 2026-07-02 (CBOE delayed quotes, excerpt: the 0DTE and the 2026-07-17 monthly).
const iwm = fixtureJson('cboe/IWM_cboe_delayed_quotes_wrapped_20260702_excerpt.json') as {
  current_price: number;
  raw_options: Array<{ option: string; iv: number; bid: number }>;
};

describe('volatility surface', () => {
  it('reproduces the skew of the real IWM monthly within 1.5 vol points RMS (the shape it was fitted on)', () => {
    const S = iwm.current_price;
    const T = 15 / 365;
    const otm = iwm.raw_options
      .map((r) => ({ ...r, o: parseOccSymbol(r.option)! }))
      .filter((r) => r.o.expiry === '2026-07-17' && r.iv > 0.01 && r.bid >= 0.05)
      .filter(
        (r) => (r.o.type === 'put' ? r.o.strike < S : r.o.strike >= S) && Math.abs(Math.log(r.o.strike / S)) <= 0.3,
      );
    expect(otm.length).toBeGreaterThan(40);
    const atm = otm.reduce((a, b) => (Math.abs(b.o.strike - S) < Math.abs(a.o.strike - S) ? b : a)).iv;
    const { a, b } = SURFACE_PARAMS.indexShape;
    const sq = otm.map((r) => {
      const x = Math.log(r.o.strike / S) / Math.sqrt(T);
      return (atm * (1 + a * x + b * x * x) - r.iv) ** 2;
    });
    expect(Math.sqrt(sq.reduce((s, v) => s + v, 0) / sq.length)).toBeLessThan(0.015);
  });

  it('anchors SPY on the VIX, other names on realised vol plus a premium; ETFs skew, stocks smile; no earnings bump', () => {
    const spy = volSurface(SPY);
    expect(spy.atm(30 / 365)).toBeCloseTo(0.9 * 0.1474, 6);
    const nvda = volSurface(NVDA);
    expect(nvda.atm(30 / 365)).toBeCloseTo(0.55 * 1.1 + 0.015, 6);
    const T = 30 / 365;
    expect(spy.vol(0.9 * 500, 500, T)).toBeGreaterThan(1.3 * spy.vol(500, 500, T));
    expect(spy.vol(1.1 * 500, 500, T)).toBeLessThan(spy.vol(500, 500, T));
    expect(nvda.vol(0.9 * 500, 500, T)).toBeGreaterThan(nvda.vol(500, 500, T));
    expect(nvda.vol(1.1 * 500, 500, T)).toBeGreaterThan(0.97 * nvda.vol(500, 500, T));
    // Without a sourced earnings calendar the term structure is smooth: no expiry sits above both neighbours.
    const atms = Array.from({ length: 60 }, (_, i) => nvda.atm(((i + 1) * 7) / 365));
    for (let i = 1; i < atms.length - 1; i += 1) expect(atms[i]! > atms[i - 1]! && atms[i]! > atms[i + 1]!).toBe(false);
  });
});
