import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFinraShortInterest } from '../finra/short-interest.ts';
import type { ShortInterestRow } from '../finra/short-interest.ts';
import { generateFinraShortInterestFile, shortInterestShares } from './finra-short-interest.ts';
import { rngFrom, lognormal } from './prng.ts';
import type { ShortInterestUniverseEntry } from './finra-short-interest.ts';
import { shortInterestSettlementDates } from '../../domain/calendar/short-interest-settlement.ts';

const UNIVERSE: ShortInterestUniverseEntry[] = [
  {
    symbol: 'AAPL',
    issueName: 'Apple Inc. Common Stock',
    market: 'NNM',
    avgDailyVolume: 58_000_000,
    sharesOutstanding: 15_400_000_000,
  },
  {
    symbol: 'F',
    issueName: 'Ford Motor Company',
    market: 'NYSE',
    avgDailyVolume: 48_000_000,
    sharesOutstanding: 4_000_000_000,
  },
  {
    symbol: 'SPY',
    issueName: 'SPDR S&P 500 ETF Trust',
    market: 'ARCA',
    avgDailyVolume: 72_000_000,
    sharesOutstanding: 930_000_000,
  },
  { symbol: 'IMPP', issueName: 'Imperial Petroleum Inc.', market: 'NSC', avgDailyVolume: 900_000 },
  { symbol: 'HALT', issueName: 'Halted Corp', market: 'OTC', avgDailyVolume: 0, sharesOutstanding: 10_000_000 },
];
const SEED = 7;
// The demo's 24 settlements end on the last one before the demo clock (2024-03-08).
const DATES = shortInterestSettlementDates('2023-01-01', '2024-03-08').slice(-24);

function run(): Map<string, ShortInterestRow[]> {
  const out = new Map<string, ShortInterestRow[]>();
  let previous: ShortInterestRow[] | undefined;
  for (const d of DATES) {
    const report = parseFinraShortInterest(generateFinraShortInterestFile(d, UNIVERSE, SEED, previous));
    expect(report.skipped).toBe(0);
    out.set(d, report.rows);
    previous = report.rows;
  }
  return out;
}

describe('generateFinraShortInterestFile', () => {
  const chained = run();

  it('24 settlements parse with the real parser, nothing skipped, one row per symbol', () => {
    expect(DATES).toHaveLength(24);
    for (const [d, rows] of chained) {
      expect(rows.map((r) => r.symbol)).toEqual(UNIVERSE.map((u) => u.symbol).sort());
      expect(rows.every((r) => r.settlementDate === d)).toBe(true);
    }
  });

  it("previous = the last settlement's current, with or without passing `previous`", () => {
    for (let i = 1; i < DATES.length; i += 1) {
      const prev = new Map((chained.get(DATES[i - 1] ?? '') ?? []).map((r) => [r.symbol, r.currentShortInterest]));
      const alone = parseFinraShortInterest(generateFinraShortInterestFile(DATES[i] ?? '', UNIVERSE, SEED)).rows;
      for (const r of chained.get(DATES[i] ?? '') ?? []) expect(r.previousShortInterest).toBe(prev.get(r.symbol));
      // Regenerated alone (no `previous`) the file is identical: the model recomputes the same figure.
      expect(alone).toEqual(chained.get(DATES[i] ?? ''));
    }
  });

  it('published arithmetic is consistent: change, change %, days to cover', () => {
    for (const rows of chained.values()) {
      for (const r of rows) {
        expect(r.change).toBe(r.currentShortInterest - (r.previousShortInterest ?? 0));
        expect(r.changePercent).toBeCloseTo(((r.change ?? 0) / (r.previousShortInterest ?? 1)) * 100, 2);
        if ((r.averageDailyVolume ?? 0) > 0)
          expect(r.daysToCover).toBeCloseTo(r.currentShortInterest / (r.averageDailyVolume ?? 1), 2);
        else expect(r.daysToCover).toBeNull(); // 999.99 cap on the wire
      }
    }
    expect(generateFinraShortInterestFile(DATES[0] ?? '', UNIVERSE, SEED)).toContain('|999.99|');
  });

  it('previous is never clamped onto current: no ticker repeats a figure across settlements', () => {
    for (let i = 1; i < DATES.length; i += 1) {
      for (const r of chained.get(DATES[i] ?? '') ?? [])
        expect(r.currentShortInterest).not.toBe(r.previousShortInterest);
    }
  });
});

/**
 * The published ranges the generator is calibrated to (see the comment in finra-short-interest.ts):
 * large caps mostly 0.5-3% of float and 1-4 days to cover, a few names above 10%; half-month changes of
 * the FINRA 2021-07-15 sample: median ~5.7%, a third beyond 15%.
 * Universe: 400 large caps with 0.3-5B shares and a daily turnover of their shares around 0.8%
 * (AAPL ~0.4%, TSLA ~3% in March 2024: consolidated volume / shares outstanding).
 */
describe('short-interest distribution against published ranges', () => {
  const rng = rngFrom('si-distribution-universe');
  const names = Array.from({ length: 400 }, (_, i) => {
    const shares = lognormal(rng, Math.log(1.2e9), 0.6);
    const turnover = lognormal(rng, Math.log(0.008), 0.5);
    return {
      symbol: `L${i}`,
      issueName: `Large ${i}`,
      market: 'NNM',
      avgDailyVolume: shares * turnover,
      typicalDailyVolume: shares * turnover,
      sharesOutstanding: shares,
    };
  });
  const paths = names.map((e) => DATES.map((d) => shortInterestShares(e, d, SEED)));
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
  const last = paths.map((p) => p.at(-1)!);
  const pctFloat = last.map((si, i) => si / names[i]!.sharesOutstanding);
  const dtc = last.map((si, i) => si / names[i]!.avgDailyVolume);

  it('medians: 0.5-3% of shares and 1-4 days to cover', () => {
    expect(q(pctFloat, 0.5)).toBeGreaterThan(0.005);
    expect(q(pctFloat, 0.5)).toBeLessThan(0.03);
    expect(q(pctFloat, 0.25)).toBeGreaterThan(0.003);
    expect(q(dtc, 0.5)).toBeGreaterThan(1);
    expect(q(dtc, 0.5)).toBeLessThan(4);
  });

  it('tails: a few heavily shorted names above 10% (issue 37: few in the S&P 500), none near the whole float', () => {
    const heavy = pctFloat.filter((x) => x > 0.1).length / pctFloat.length;
    expect(heavy).toBeGreaterThan(0);
    expect(heavy).toBeLessThan(0.04);
    expect(pctFloat.filter((x) => x > 0.35).length).toBe(0);
    expect(q(dtc, 0.95)).toBeLessThan(15);
  });

  it('half-month changes: median 3-12%, jumps beyond 20% in 3-20% of steps, persistent levels', () => {
    const steps = paths.flatMap((p) => p.slice(1).map((x, i) => Math.abs(x / p[i]! - 1)));
    expect(q(steps, 0.5)).toBeGreaterThan(0.03);
    expect(q(steps, 0.5)).toBeLessThan(0.12);
    const jumps = steps.filter((c) => c > 0.2).length / steps.length;
    expect(jumps).toBeGreaterThan(0.03);
    expect(jumps).toBeLessThan(0.2);
    // Persistence: a ticker's level a year apart stays within 2x for most names (a random walk, not noise).
    const yearApart = paths.map((p) => Math.abs(Math.log(p.at(-1)! / p.at(-25 + 1)!)));
    expect(yearApart.filter((x) => x < Math.log(2)).length / yearApart.length).toBeGreaterThan(0.6);
  });
});

describe('generateFinraShortInterestFile (formats)', () => {
  const chained = run();

  it('maps market classes to FINRA exchange codes', () => {
    const rows = chained.get(DATES.at(-1) ?? '') ?? [];
    expect(Object.fromEntries(rows.map((r) => [r.symbol, `${r.exchangeCode}/${r.market}`]))).toEqual({
      AAPL: 'R/NNM',
      F: 'A/NYSE',
      SPY: 'E/ARCA',
      IMPP: 'R/NSC',
      HALT: 'S/OTC',
    });
  });

  it('is deterministic and seed-sensitive; rejects non-settlement dates', () => {
    const d = '2024-02-29';
    expect(generateFinraShortInterestFile(d, UNIVERSE, SEED)).toBe(
      generateFinraShortInterestFile(d, [...UNIVERSE].reverse(), SEED),
    );
    expect(generateFinraShortInterestFile(d, UNIVERSE, SEED + 1)).not.toBe(
      generateFinraShortInterestFile(d, UNIVERSE, SEED),
    );
    expect(() => generateFinraShortInterestFile('2024-02-28', UNIVERSE, SEED)).toThrow(
      /not a FINRA short-interest settlement date/,
    );
    expect(() => generateFinraShortInterestFile('2024-01-15', UNIVERSE, SEED)).toThrow(RangeError); // MLK Day -> 2024-01-12
  });

  it('any seed, settlement and universe parses completely (property)', () => {
    const settlements = shortInterestSettlementDates('2022-01-01', '2026-12-31');
    const entry = fc.record({
      symbol: fc.stringMatching(/^[A-Z]{1,5}$/),
      issueName: fc.stringMatching(/^[A-Za-z0-9 .,&'-]{0,40}$/),
      market: fc.constantFrom('NYSE', 'NNM', 'NSC', 'AMEX', 'ARCA', 'BATS', 'OTC'),
      avgDailyVolume: fc.integer({ min: 0, max: 500_000_000 }),
      sharesOutstanding: fc.option(fc.integer({ min: 1, max: 20_000_000_000 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...settlements),
        fc.array(entry, { maxLength: 15 }),
        (seed, d, universe) => {
          const report = parseFinraShortInterest(generateFinraShortInterestFile(d, universe, seed));
          return report.skipped === 0 && report.rows.length === new Set(universe.map((u) => u.symbol)).size;
        },
      ),
      { numRuns: 150 },
    );
  });
});
