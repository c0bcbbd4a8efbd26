import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes } from '../../analytics/index.ts';
import { parseCboeOptionChain } from '../cboe/option-chain.ts';
import type { OptionQuote } from '../option-quote.ts';
import { CHAIN_PARAMS, generateCboeOptionChain } from './cboe-option-chain.ts';
import { dayNumber } from '../../domain/calendar/dates.ts';

// Real bundled closes (dividend-adjusted) of SPY and VIX for the last two demo days.
const D1 = { date: '2024-03-07', spot: 505.27, vix: 14.44 };
const D2 = { date: '2024-03-08', spot: 502.24, vix: 14.74 };
const SEED = 99;
const { r, q } = CHAIN_PARAMS;

const chain = (d: typeof D2, seed = SEED): string =>
  generateCboeOptionChain('SPY', d.date, d.spot, seed, { vix: d.vix, referenceSpot: 503, previousSpot: 505.27 });
const text2 = chain(D2);
const report2 = parseCboeOptionChain(JSON.parse(text2));
const rows2 = report2.rows;
const byExpiry = (rows: OptionQuote[], expiry: string, type: 'call' | 'put') =>
  rows.filter((o) => o.expiry === expiry && o.type === type).sort((a, b) => a.strike - b.strike);
const num = (x: number | null): number => x ?? Number.NaN;

describe('generateCboeOptionChain', () => {
  it('emits the CBOE envelope and every option parses with the real parser', () => {
    const json = JSON.parse(text2);
    expect(Object.keys(json)).toEqual(['timestamp', 'data']);
    expect(json.timestamp).toBe('2024-03-08 16:15:00');
    expect(report2.skipped).toBe(0);
    expect(rows2.length).toBe(json.data.options.length);
    expect(rows2.length).toBeGreaterThan(2000);
    expect(report2.underlying).toBe('SPY');
    expect(report2.underlyingPrice).toBe(502.24);
    expect(report2.asOf).toBe('2024-03-08 16:15:00');
    expect(rows2.every((o) => o.root === 'SPY' && o.expiry > '2024-03-08')).toBe(true);
  });

  it('is deterministic and seed-sensitive', () => {
    expect(chain(D2)).toBe(text2);
    // A day built right after the previous one equals the day built alone (no hidden state).
    chain(D1);
    expect(chain(D2)).toBe(text2);
    expect(chain(D2, SEED + 1)).not.toBe(text2);
  });

  it('theo prices satisfy put-call parity within a cent', () => {
    const calls = new Map(rows2.filter((o) => o.type === 'call').map((o) => [`${o.expiry}|${o.strike}`, o]));
    let checked = 0;
    for (const p of rows2.filter((o) => o.type === 'put')) {
      const c = calls.get(`${p.expiry}|${p.strike}`);
      expect(c).toBeDefined();
      const T = (dayNumber(p.expiry) - dayNumber(D2.date)) / 365;
      const parity = D2.spot * Math.exp(-q * T) - p.strike * Math.exp(-r * T);
      expect(Math.abs(num(c?.theo ?? null) - num(p.theo) - parity)).toBeLessThan(0.01);
      checked += 1;
    }
    expect(checked).toBe(rows2.length / 2);
  });

  it('greeks and theo are Black-Scholes in CBOE units (theta/day, vega/vol point)', () => {
    const o = rows2.find((x) => x.symbol === 'SPY240419C00500000');
    expect(o).toBeDefined();
    const bs = blackScholes({ S: D2.spot, K: 500, T: 42 / 365, r, q, sigma: num(o?.iv ?? null), type: 'call' });
    expect(num(o?.theo ?? null)).toBeCloseTo(bs.price, 2);
    expect(num(o?.delta ?? null)).toBeCloseTo(bs.delta, 3);
    expect(num(o?.vega ?? null)).toBeCloseTo(bs.vega, 3);
    expect(num(o?.theta ?? null)).toBeCloseTo(bs.theta / 365, 3);
    expect(num(o?.rho ?? null)).toBeGreaterThan(0);
  });

  it('skew: OTM put IV > ATM IV > OTM call IV at each expiry; ATM level tracks VIX', () => {
    for (const expiry of ['2024-03-15', '2024-04-19', '2024-06-21', '2024-12-20']) {
      const puts = byExpiry(rows2, expiry, 'put');
      const atm = puts.reduce((best, o) => (Math.abs(o.strike - D2.spot) < Math.abs(best.strike - D2.spot) ? o : best));
      const otmPut = puts.find((o) => o.strike <= D2.spot * 0.95) ?? puts[0];
      const otmCall = byExpiry(rows2, expiry, 'call').find((o) => o.strike >= D2.spot * 1.04);
      expect(num(otmPut?.iv ?? null)).toBeGreaterThan(num(atm.iv));
      expect(num(atm.iv)).toBeGreaterThan(num(otmCall?.iv ?? null));
    }
    const m = byExpiry(rows2, '2024-04-19', 'call').find((o) => o.strike === 502);
    expect(num(m?.iv ?? null)).toBeGreaterThan(0.1);
    expect(num(m?.iv ?? null)).toBeLessThan(0.16);
  });

  it('call deltas lie in (0,1) and decrease with strike; bid < theo < ask', () => {
    for (const expiry of new Set(rows2.map((o) => o.expiry))) {
      const calls = byExpiry(rows2, expiry, 'call');
      calls.forEach((o, i) => {
        expect(num(o.delta)).toBeGreaterThanOrEqual(0);
        expect(num(o.delta)).toBeLessThanOrEqual(1);
        if (i > 0) expect(num(o.delta)).toBeLessThanOrEqual(num(calls[i - 1]?.delta ?? null));
      });
      const mid = calls.filter((o) => num(o.theo) > 0.05 && num(o.theo) < D2.spot * 0.15);
      expect(mid.every((o) => num(o.delta) > 0 && num(o.delta) < 1)).toBe(true);
    }
    for (const o of rows2) {
      expect(num(o.bid)).toBeLessThanOrEqual(num(o.theo));
      expect(num(o.theo)).toBeLessThan(num(o.ask));
      if (num(o.theo) >= 0.01) expect(num(o.bid)).toBeLessThan(num(o.theo));
    }
  });

  it('open interest peaks at round strikes and near spot; more in monthlies; volume a fraction of OI', () => {
    const puts = byExpiry(rows2, '2024-04-19', 'put').filter((o) => o.strike >= 470 && o.strike <= 530);
    const meanOi = (xs: OptionQuote[]): number => xs.reduce((s, o) => s + num(o.openInterest), 0) / xs.length;
    const round10 = puts.filter((o) => o.strike % 10 === 0);
    const plain = puts.filter((o) => o.strike % 5 !== 0);
    expect(meanOi(round10)).toBeGreaterThan(1.5 * meanOi(plain));
    const far = byExpiry(rows2, '2024-04-19', 'put').filter((o) => o.strike < 430);
    expect(meanOi(puts)).toBeGreaterThan(3 * meanOi(far));
    const weekly = byExpiry(rows2, '2024-04-26', 'put').filter((o) => o.strike >= 470 && o.strike <= 530);
    expect(meanOi(puts)).toBeGreaterThan(2 * meanOi(weekly));
    const totalOi = rows2.reduce((s, o) => s + num(o.openInterest), 0);
    const totalVol = rows2.reduce((s, o) => s + num(o.volume), 0);
    expect(totalOi).toBeGreaterThan(5e6);
    expect(totalOi).toBeLessThan(5e7);
    expect(totalVol / totalOi).toBeGreaterThan(0.05);
    expect(totalVol / totalOi).toBeLessThan(1);
    const putOi = rows2.filter((o) => o.type === 'put').reduce((s, o) => s + num(o.openInterest), 0);
    expect(putOi / (totalOi - putOi)).toBeGreaterThan(1.1); // SPY put/call OI ratio
  });

  it('open interest persists from one day to the next (correlation > 0.9)', () => {
    const rows1 = parseCboeOptionChain(JSON.parse(chain(D1))).rows;
    const oi1 = new Map(rows1.map((o) => [o.symbol, num(o.openInterest)]));
    const pairs = rows2
      .filter((o) => oi1.has(o.symbol))
      .map((o) => [oi1.get(o.symbol) ?? 0, num(o.openInterest)] as const);
    expect(pairs.length).toBeGreaterThan(1500);
    const mx = pairs.reduce((s, [a]) => s + a, 0) / pairs.length;
    const my = pairs.reduce((s, [, b]) => s + b, 0) / pairs.length;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (const [a, b] of pairs) {
      sxy += (a - mx) * (b - my);
      sxx += (a - mx) ** 2;
      syy += (b - my) ** 2;
    }
    expect(sxy / Math.sqrt(sxx * syy)).toBeGreaterThan(0.9);
  });

  it('fills prev_day_close and change from the previous close when given', () => {
    const traded = rows2.filter((o) => num(o.volume) > 0 && o.prevClose !== null);
    expect(traded.length).toBeGreaterThan(100);
    for (const o of traded) expect(num(o.change)).toBeCloseTo(num(o.last) - num(o.prevClose), 2);
  });

  it('rejects bad inputs', () => {
    expect(() => generateCboeOptionChain('SPY', '2024-13-01', 500, 1)).toThrow(RangeError);
    expect(() => generateCboeOptionChain('SPY', '2024-03-08', -1, 1)).toThrow(RangeError);
  });

  it('any seed, date, spot and VIX yields a chain the real parser reads completely (property)', () => {
    const date = fc
      .date({ min: new Date('2022-01-03'), max: new Date('2026-06-30'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.integer(),
        date,
        fc.double({ min: 5, max: 900, noNaN: true }),
        fc.double({ min: 9, max: 80, noNaN: true }),
        (seed, d, spot, vix) => {
          const report = parseCboeOptionChain(JSON.parse(generateCboeOptionChain('QQQ', d, spot, seed, { vix })));
          return (
            report.skipped === 0 &&
            report.rows.length > 0 &&
            report.rows.every((o) => num(o.bid) <= num(o.ask) && num(o.iv) > 0)
          );
        },
      ),
      { numRuns: 12 },
    );
    // 12 full chains take ~2 s alone; a busy 2-core CI runner has taken over 5.
  }, 20_000);
});
