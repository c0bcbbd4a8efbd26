import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFinraShortInterest } from '../finra/short-interest.ts';
import type { ShortInterestRow } from '../finra/short-interest.ts';
import { SHORT_INTEREST_PARAMS, generateFinraShortInterestFile, shortInterestFraction } from './finra-short-interest.ts';
import type { ShortInterestUniverseEntry } from './finra-short-interest.ts';
import { shortInterestSettlementDates } from '../../domain/calendar/short-interest-settlement.ts';

const UNIVERSE: ShortInterestUniverseEntry[] = [
  { symbol: 'AAPL', issueName: 'Apple Inc. Common Stock', market: 'NNM', avgDailyVolume: 58_000_000, sharesOutstanding: 15_400_000_000 },
  { symbol: 'F', issueName: 'Ford Motor Company', market: 'NYSE', avgDailyVolume: 48_000_000, sharesOutstanding: 4_000_000_000 },
  { symbol: 'SPY', issueName: 'SPDR S&P 500 ETF Trust', market: 'ARCA', avgDailyVolume: 72_000_000, sharesOutstanding: 930_000_000 },
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

  it('previous = the last settlement\'s current, with or without passing `previous`', () => {
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
        if ((r.averageDailyVolume ?? 0) > 0) expect(r.daysToCover).toBeCloseTo(r.currentShortInterest / (r.averageDailyVolume ?? 1), 2);
        else expect(r.daysToCover).toBeNull(); // 999.99 cap on the wire
      }
    }
    expect(generateFinraShortInterestFile(DATES[0] ?? '', UNIVERSE, SEED)).toContain('|999.99|');
  });

  it('moves smoothly: |change| < 30% for at least 95% of half-month steps, SI 1-25% of float', () => {
    const changes = [...chained.values()].flat().map((r) => Math.abs(r.changePercent ?? 0));
    expect(changes.filter((c) => c < 30).length / changes.length).toBeGreaterThanOrEqual(0.95);
    const symbols = Array.from({ length: 300 }, (_, i) => `T${i}`);
    const steps: number[] = [];
    const levels: number[] = [];
    for (const s of symbols) {
      const path = DATES.map((d) => shortInterestFraction(s, d, SEED));
      levels.push(...path);
      path.slice(1).forEach((x, i) => steps.push(Math.abs(x / (path[i] ?? x) - 1)));
    }
    expect(Math.min(...levels)).toBeGreaterThanOrEqual(SHORT_INTEREST_PARAMS.bounds[0]);
    expect(Math.max(...levels)).toBeLessThanOrEqual(SHORT_INTEREST_PARAMS.bounds[1]);
    expect(steps.filter((c) => c < 0.3).length / steps.length).toBeGreaterThan(0.95);
    // Heavy right tail: the median name is around 3%, but some exceed 10%.
    const sorted = [...levels].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeGreaterThan(0.02);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(0.045);
    expect(sorted.filter((x) => x > 0.1).length).toBeGreaterThan(0);
  });

  it('maps market classes to FINRA exchange codes', () => {
    const rows = chained.get(DATES.at(-1) ?? '') ?? [];
    expect(Object.fromEntries(rows.map((r) => [r.symbol, `${r.exchangeCode}/${r.market}`]))).toEqual({
      AAPL: 'R/NNM', F: 'A/NYSE', SPY: 'E/ARCA', IMPP: 'R/NSC', HALT: 'S/OTC',
    });
  });

  it('is deterministic and seed-sensitive; rejects non-settlement dates', () => {
    const d = '2024-02-29';
    expect(generateFinraShortInterestFile(d, UNIVERSE, SEED)).toBe(generateFinraShortInterestFile(d, [...UNIVERSE].reverse(), SEED));
    expect(generateFinraShortInterestFile(d, UNIVERSE, SEED + 1)).not.toBe(generateFinraShortInterestFile(d, UNIVERSE, SEED));
    expect(() => generateFinraShortInterestFile('2024-02-28', UNIVERSE, SEED)).toThrow(/not a FINRA short-interest settlement date/);
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
      fc.property(fc.integer(), fc.constantFrom(...settlements), fc.array(entry, { maxLength: 15 }), (seed, d, universe) => {
        const report = parseFinraShortInterest(generateFinraShortInterestFile(d, universe, seed));
        return report.skipped === 0 && report.rows.length === new Set(universe.map((u) => u.symbol)).size;
      }),
      { numRuns: 150 },
    );
  });
});
