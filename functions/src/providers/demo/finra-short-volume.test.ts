import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFinraShortVolume } from '../finra/short-volume.ts';
import { generateFinraShortVolumeFile, meanShortRatio } from './finra-short-volume.ts';
import { tradingDaysBetween } from '../../domain/calendar/nyse.ts';

// A made-up universe with realistic consolidated volumes; the demo caller passes real ones.
const UNIVERSE = [
  { symbol: 'AAPL', totalVolume: 58_000_000 },
  { symbol: 'AMC', totalVolume: 9_500_000 },
  { symbol: 'BRK/B', totalVolume: 3_600_000 },
  { symbol: 'GME', totalVolume: 2_400_000 },
  { symbol: 'SPY', totalVolume: 72_000_000 },
  { symbol: 'TSLA', totalVolume: 105_000_000 },
  { symbol: 'ZYXI', totalVolume: 61_000 },
  { symbol: 'TINY', totalVolume: 900 },
];
// Volume varies by day in real data; a deterministic wiggle stands in for the bundled history.
const universeOn = (date: string) =>
  UNIVERSE.map((u, i) => ({
    ...u,
    totalVolume: Math.round(u.totalVolume * (0.7 + (0.6 * ((Number(date.slice(8)) * (i + 3)) % 17)) / 17)),
  }));

const YEAR = tradingDaysBetween('2023-03-09', '2024-03-08');
const SEED = 20240308;

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const lag1 = (xs: number[]): number => {
  const m = mean(xs);
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    den += (x - m) ** 2;
    if (i > 0) num += (x - m) * ((xs[i - 1] ?? m) - m);
  });
  return num / den;
};

describe('generateFinraShortVolumeFile', () => {
  const files = new Map(YEAR.map((d) => [d, generateFinraShortVolumeFile(d, universeOn(d), SEED)]));
  const reports = new Map([...files].map(([d, text]) => [d, parseFinraShortVolume(text)]));

  it('a year of files (one per trading day) goes through the real parser with nothing skipped', () => {
    expect(YEAR).toHaveLength(252);
    for (const [date, report] of reports) {
      expect(report.skipped).toBe(0);
      expect(report.trailerMatches).toBe(true);
      expect(report.rows).toHaveLength(UNIVERSE.length);
      expect(report.rows.every((r) => r.date === date)).toBe(true);
    }
  });

  it('writes the CDN layout: header, CRLF, symbol order, row-count trailer', () => {
    const text = files.get('2024-03-08') ?? '';
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date|Symbol|ShortVolume|ShortExemptVolume|TotalVolume|Market');
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toBe(String(UNIVERSE.length));
    expect(lines.slice(1, -2).map((l) => l.split('|')[1])).toEqual([...UNIVERSE.map((u) => u.symbol)].sort());
    expect(text.includes('\n') && !/[^\r]\n/.test(text)).toBe(true);
  });

  it('is deterministic, seed-sensitive and per-day reproducible', () => {
    const d = '2024-03-08';
    expect(generateFinraShortVolumeFile(d, universeOn(d), SEED)).toBe(files.get(d));
    expect(generateFinraShortVolumeFile(d, universeOn(d), SEED + 1)).not.toBe(files.get(d));
    // The same day inside a run equals the day alone; universe order and extra names do not matter.
    const shuffled = [...universeOn(d)].reverse().concat([{ symbol: 'ZZZZ', totalVolume: 5000 }]);
    const rows = parseFinraShortVolume(generateFinraShortVolumeFile(d, shuffled, SEED)).rows.filter(
      (r) => r.symbol !== 'ZZZZ',
    );
    expect(rows).toEqual(reports.get(d)?.rows);
  });

  it('never reports more FINRA volume than consolidated volume; TRF share 28-60%', () => {
    for (const [date, report] of reports) {
      const consolidated = new Map(universeOn(date).map((u) => [u.symbol, u.totalVolume]));
      for (const r of report.rows) {
        const c = consolidated.get(r.symbol) ?? 0;
        expect(r.totalVolume).toBeLessThanOrEqual(c);
        if (c > 10_000) {
          expect(r.totalVolume / c).toBeGreaterThanOrEqual(0.279);
          expect(r.totalVolume / c).toBeLessThanOrEqual(0.6);
        }
        expect(r.shortVolume).toBeLessThanOrEqual(r.totalVolume);
        expect(r.shortExemptVolume).toBeLessThanOrEqual(r.shortVolume);
      }
    }
  });

  it('short ratios: per-ticker means in 0.30-0.65, persistent (lag-1 autocorrelation > 0.5)', () => {
    for (const { symbol } of UNIVERSE.filter((u) => u.totalVolume > 1_000_000)) {
      const ratios = YEAR.map((d) => {
        const row = reports.get(d)?.rows.find((r) => r.symbol === symbol);
        return (row?.shortVolume ?? 0) / (row?.totalVolume ?? 1);
      });
      const m = mean(ratios);
      expect(m).toBeGreaterThan(0.3);
      expect(m).toBeLessThan(0.65);
      expect(Math.min(...ratios)).toBeGreaterThan(0.1);
      expect(Math.max(...ratios)).toBeLessThan(0.9);
      expect(lag1(ratios)).toBeGreaterThan(0.5);
      // Day-to-day moves are mostly small, not white noise around the mean.
      const moves = ratios.slice(1).map((x, i) => Math.abs(x - (ratios[i] ?? x)));
      expect(mean(moves)).toBeLessThan(0.06);
    }
  });

  it('cross-section looks like the real CNMS file (mean ratio ~0.44-0.5, exempt ~1% of short)', () => {
    const symbols = Array.from({ length: 400 }, (_, i) => `S${i}`);
    const means = symbols.map((s) => meanShortRatio(s, SEED));
    expect(mean(means)).toBeGreaterThan(0.42);
    expect(mean(means)).toBeLessThan(0.5);
    const text = generateFinraShortVolumeFile(
      '2024-03-08',
      symbols.map((symbol) => ({ symbol, totalVolume: 5_000_000 })),
      SEED,
    );
    const rows = parseFinraShortVolume(text).rows;
    const exempt = mean(rows.map((r) => r.shortExemptVolume / r.shortVolume));
    expect(exempt).toBeGreaterThan(0.005);
    expect(exempt).toBeLessThan(0.02);
    const codes = new Set(rows.map((r) => r.markets.join(',')));
    expect(codes.has('B,Q,N')).toBe(true);
  });

  it('skips symbols that did not trade, as FINRA does', () => {
    const report = parseFinraShortVolume(
      generateFinraShortVolumeFile(
        '2024-03-08',
        [
          { symbol: 'A', totalVolume: 0 },
          { symbol: 'B', totalVolume: 10 },
        ],
        1,
      ),
    );
    expect(report.rows.map((r) => r.symbol)).toEqual(['B']);
    expect(report.trailerMatches).toBe(true);
  });

  it('rejects malformed dates', () => {
    expect(() => generateFinraShortVolumeFile('2024-02-30', UNIVERSE, 1)).toThrow(RangeError);
  });

  it('any seed, date and universe yields a file the real parser reads completely (property)', () => {
    const symbol = fc.stringMatching(/^[A-Z][A-Z0-9./]{0,6}$/);
    const date = fc
      .date({ min: new Date('2015-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.integer(),
        date,
        fc.array(fc.record({ symbol, totalVolume: fc.integer({ min: 0, max: 2e9 }) }), { maxLength: 20 }),
        (seed, d, universe) => {
          const report = parseFinraShortVolume(generateFinraShortVolumeFile(d, universe, seed));
          // Duplicate symbols: the last entry wins.
          const last = new Map(universe.map((u) => [u.symbol, u.totalVolume]));
          const traded = [...last.values()].filter((v) => v > 0);
          return report.skipped === 0 && report.trailerMatches === true && report.rows.length === traded.length;
        },
      ),
      { numRuns: 150 },
    );
  });
});
