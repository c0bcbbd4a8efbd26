import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes } from '../../analytics/index.ts';
import { dayNumber } from '../../domain/calendar/dates.ts';
import { optionsMarket, type UnderlyingDay } from '../../domain/options-market/index.ts';
import { AAPL, SPY } from '../../domain/options-market/test-underlying.ts';
import { parseCboeOptionChain } from '../cboe/option-chain.ts';
import type { OptionQuote } from '../option-quote.ts';
import { cboeChainReport, generateCboeOptionChain } from './cboe-option-chain.ts';

const SEED = 99;
const spyMarket = optionsMarket(SPY, SEED);
const text = generateCboeOptionChain(spyMarket, SEED);
const report = parseCboeOptionChain(JSON.parse(text));
const rows = report.rows;
const num = (x: number | null): number => x ?? Number.NaN;

describe('generateCboeOptionChain', () => {
  it('emits the CBOE envelope, every listed contract of the market, and the real parser reads all of it', () => {
    const json = JSON.parse(text);
    expect(Object.keys(json)).toEqual(['timestamp', 'data']);
    expect(json.timestamp).toBe('2024-03-08 16:15:00');
    expect(report.skipped).toBe(0);
    expect(rows.length).toBe(spyMarket.chain().length);
    expect(report.underlying).toBe('SPY');
    expect(report.underlyingPrice).toBe(511.72);
    expect(rows.every((o) => spyMarket.contract(o.symbol) !== undefined)).toBe(true);
    expect(generateCboeOptionChain(spyMarket, SEED)).toBe(text);
    expect(generateCboeOptionChain(optionsMarket(SPY, SEED), SEED)).toBe(text);
  });

  it('the demo provider builds exactly the report the live parser gives the JSON text of the chain', () => {
    // As text: a deep toEqual of 6,000 rows takes seconds; key order and every value are compared all the same.
    // On a fresh market of the same day: nothing is shared with the text's build.
    expect(JSON.stringify(cboeChainReport(optionsMarket(SPY, SEED), SEED))).toBe(JSON.stringify(report));
    const aapl = optionsMarket(AAPL, SEED);
    const aaplText = parseCboeOptionChain(JSON.parse(generateCboeOptionChain(aapl, SEED)));
    expect(JSON.stringify(cboeChainReport(aapl, SEED))).toBe(JSON.stringify(aaplText));
    // One contract's line alone is that contract's line of the whole chain.
    const one = aapl.contracts(aapl.expirations[2]!.expiry)[7]!;
    const [line] = cboeChainReport(aapl, SEED, { only: one }).rows;
    expect(line).toEqual(aaplText.rows.find((r) => r.symbol === one.symbol));
  });

  it('prints put-call parity within the quoted spread and Greeks in CBOE units', () => {
    const { r, q } = spyMarket;
    const calls = new Map(rows.filter((o) => o.type === 'call').map((o) => [`${o.expiry}|${o.strike}`, o]));
    for (const p of rows.filter((o) => o.type === 'put')) {
      const c = calls.get(`${p.expiry}|${p.strike}`)!;
      const T = (dayNumber(p.expiry) - dayNumber(SPY.date)) / 365;
      const parity = SPY.close * Math.exp(-q * T) - p.strike * Math.exp(-r * T);
      expect(num(c.bid) - num(p.ask)).toBeLessThanOrEqual(parity + 1e-9);
      expect(num(c.ask) - num(p.bid)).toBeGreaterThanOrEqual(parity - 1e-9);
    }
    const o = rows.find((x) => x.symbol === 'SPY240419C00510000')!;
    const bs = blackScholes({ S: SPY.close, K: 510, T: 42 / 365, r, q, sigma: num(o.iv), type: 'call' });
    expect(num(o.theo)).toBeCloseTo(bs.price, 2);
    expect(num(o.delta)).toBeCloseTo(bs.delta, 3);
    expect(num(o.vega)).toBeCloseTo(bs.vega, 3);
    expect(num(o.theta)).toBeCloseTo(bs.theta / 365, 3);
    expect(num(o.rho)).toBeGreaterThan(0);
  });

  it('open interest: SPY puts outnumber calls, monthlies lead, volume a fraction of OI; change from the previous close', () => {
    const sum = (xs: OptionQuote[], f: (o: OptionQuote) => number | null) => xs.reduce((s, o) => s + num(f(o)), 0);
    const totalOi = sum(rows, (o) => o.openInterest);
    const putOi = sum(
      rows.filter((o) => o.type === 'put'),
      (o) => o.openInterest,
    );
    expect(putOi / (totalOi - putOi)).toBeGreaterThan(1.1);
    const totalVol = sum(rows, (o) => o.volume);
    expect(totalVol / totalOi).toBeGreaterThan(0.05);
    expect(totalVol / totalOi).toBeLessThan(1);
    const traded = rows.filter((o) => num(o.volume) > 0 && o.prevClose !== null);
    expect(traded.length).toBeGreaterThan(100);
    for (const o of traded) expect(num(o.change)).toBeCloseTo(num(o.last) - num(o.prevClose), 2);
  });

  it('any underlying and day yields a chain the real parser reads completely (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.double({ min: 5, max: 900, noNaN: true }),
        fc.double({ min: 0.1, max: 1.2, noNaN: true }),
        fc.boolean(),
        (seed, close, vol, etf) => {
          const u: UnderlyingDay = {
            ...AAPL,
            symbol: etf ? 'XLE' : 'ABC',
            kind: etf ? 'etf' : 'stock',
            close,
            prevClose: close * 0.99,
            rangeLow: close * 0.95,
            rangeHigh: close,
            realisedVol: vol,
            longVol: vol,
          };
          const parsed = parseCboeOptionChain(JSON.parse(generateCboeOptionChain(optionsMarket(u, seed), seed)));
          return (
            parsed.skipped === 0 &&
            parsed.rows.length > 0 &&
            parsed.rows.every((o) => num(o.bid) <= num(o.ask) && num(o.iv) > 0)
          );
        },
      ),
      { numRuns: 6, seed: 40 },
    );
  }, 20_000);
});
