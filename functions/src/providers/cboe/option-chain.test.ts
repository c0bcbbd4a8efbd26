import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../fixtures/load-fixture.ts';
import { CboeEnvelopeError, parseCboeOptionChain } from './option-chain.ts';

const wrapped = fixtureJson('cboe/IWM_cboe_delayed_quotes_wrapped_20260702_excerpt.json') as {
  raw_options: Array<Record<string, unknown>>;
  by_expiry: Array<{ expiry: string; calls_oi: number; puts_oi: number }>;
  timestamp: string;
  current_price: number;
};

describe('parseCboeOptionChain on the IWM 2026-07-02 excerpt', () => {
  const report = parseCboeOptionChain(wrapped);

  it('parses all 458 records of the two kept expiries', () => {
    expect(report.rows).toHaveLength(458);
    expect(report.skipped).toBe(0);
    expect(report.underlying).toBe('IWM');
    expect(report.underlyingPrice).toBe(296.57);
    expect(report.asOf).toBe('2026-07-02 20:09:28');
    expect(new Set(report.rows.map((r) => r.expiry))).toEqual(new Set(['2026-07-02', '2026-07-17']));
    expect(report.rows.filter((r) => r.type === 'call')).toHaveLength(229);
  });

  it('reads known lines exactly', () => {
    expect(report.rows[0]).toMatchObject({
      symbol: 'IWM260702C00145000',
      underlying: 'IWM',
      expiry: '2026-07-02',
      type: 'call',
      strike: 145,
      bid: 149.49,
      ask: 152.43,
      bidSize: 10,
      askSize: 20,
      openInterest: 1,
      volume: 0,
      last: 150.75,
      lastTradeTime: '2026-06-17T13:51:57',
      delta: 1,
      theo: 151.5453,
      iv: null, // CBOE prints 0 when it has no model IV
    });
    expect(report.rows.find((r) => r.symbol === 'IWM260717P00290000')).toEqual({
      symbol: 'IWM260717P00290000',
      root: 'IWM',
      underlying: 'IWM',
      expiry: '2026-07-17',
      type: 'put',
      strike: 290,
      bid: 2.25,
      ask: 2.28,
      bidSize: 25,
      askSize: 199,
      last: 2.26,
      lastTradeTime: '2026-07-02T15:54:27',
      volume: 10838,
      openInterest: 165390,
      iv: 0.21,
      delta: -0.284,
      gamma: 0.027,
      theta: -0.1445,
      vega: 0.2046,
      rho: -0.0263,
      theo: 2.2543,
      prevClose: 1.67500001192093,
      change: 0.585,
    });
  });

  it("open interest per expiry matches the wrapper's own by_expiry summary", () => {
    for (const e of wrapped.by_expiry.filter((x) => x.expiry === '2026-07-02' || x.expiry === '2026-07-17')) {
      const sum = (type: 'call' | 'put') =>
        report.rows
          .filter((r) => r.expiry === e.expiry && r.type === type)
          .reduce((s, r) => s + (r.openInterest ?? 0), 0);
      expect([sum('call'), sum('put')]).toEqual([e.calls_oi, e.puts_oi]);
    }
  });

  it("accepts CBOE's original { timestamp, data: { options } } envelope with the same result", () => {
    // Constructed here from the excerpt's records: the original envelope was not available as a sample.
    const original = {
      timestamp: wrapped.timestamp,
      data: { symbol: 'IWM', current_price: wrapped.current_price, options: wrapped.raw_options },
    };
    expect(parseCboeOptionChain(original)).toEqual(report);
    const index = parseCboeOptionChain({ timestamp: 't', data: { symbol: '_SPX', options: [] } });
    expect(index.underlying).toBe('SPX');
  });

  it('counts and skips malformed records', () => {
    const good = wrapped.raw_options[0];
    const r = parseCboeOptionChain({
      raw_options: [
        good,
        { ...good, option: 'NOT-A-SYMBOL' },
        { ...good, bid: 'abc' },
        null,
        { ...good, bid: '1.25', iv: null },
      ],
    });
    expect(r.rows).toHaveLength(2);
    expect(r.rows[1]).toMatchObject({ bid: 1.25, iv: null });
    expect(r.skipped).toBe(3);
    expect(r.skippedLines.map((s) => s.line)).toEqual([2, 3, 4]);
    expect(r.skippedLines[0]?.reason).toMatch(/OCC/);
    expect(r.skippedLines[1]?.reason).toMatch(/^bid/);
  });

  it('throws on an unusable envelope', () => {
    expect(() => parseCboeOptionChain({ data: {} })).toThrow(CboeEnvelopeError);
    expect(() => parseCboeOptionChain('<html>')).toThrow(CboeEnvelopeError);
  });

  it('property: junk records mixed into the chain are counted as skipped; real quotes are unchanged', () => {
    const base = wrapped.raw_options.slice(0, 60);
    const expected = parseCboeOptionChain({ raw_options: base }).rows;
    const junk = fc
      .oneof(
        fc.anything(),
        fc.record({ option: fc.string(), bid: fc.oneof(fc.string(), fc.double()) }, { requiredKeys: [] }),
      )
      .filter((x) => parseCboeOptionChain({ raw_options: [x] }).skipped === 1);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: base.length }), junk), { maxLength: 15 }), (inserts) => {
        const records: unknown[] = [...base];
        for (const [at, x] of [...inserts].sort((a, b) => b[0] - a[0])) records.splice(at, 0, x);
        const r = parseCboeOptionChain({ raw_options: records });
        expect(r.rows).toEqual(expected);
        expect(r.skipped).toBe(inserts.length);
      }),
      { numRuns: 100 },
    );
  });
});
