import { describe, expect, it } from 'vitest';
import { sectorPerformanceSchema } from '@tapewatch/shared/schemas/sectors';
import { addMonths, indexOnOrBefore } from './calendar.ts';
import {
  computeSectorPerformance,
  percentChange,
  periodStart,
  seasonality,
  type SectorSeries,
} from './sector-performance.ts';

/** Weekday dates from `from` to `to` inclusive. */
function weekdays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
    const d = new Date(t);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** A series whose close grows by a fixed factor every trading day: every return is known exactly. */
function geometric(ticker: string, sector: string, from: string, to: string, daily: number): SectorSeries {
  const dates = weekdays(from, to);
  return { ticker, sector, dates, closes: dates.map((_, i) => 100 * daily ** i) };
}

describe('calendar helpers', () => {
  it('clamps month arithmetic to the end of the month', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2023-03-31', -1)).toBe('2023-02-28');
    expect(addMonths('2024-01-15', -1)).toBe('2023-12-15');
    expect(addMonths('2024-03-08', -12)).toBe('2023-03-08');
  });
  it('finds the last date on or before a target', () => {
    const d = ['2024-01-02', '2024-01-03', '2024-01-05'];
    expect(indexOnOrBefore(d, '2024-01-04')).toBe(1);
    expect(indexOnOrBefore(d, '2024-01-05')).toBe(2);
    expect(indexOnOrBefore(d, '2024-01-01')).toBe(-1);
  });
});

describe('period returns', () => {
  const s = geometric('XLK', 'Information Technology', '2022-12-01', '2024-03-08', 1.001);
  it('measures from the last close on or before the period start', () => {
    // 2024-03-08 is a Friday; 1W back is Friday 2024-03-01: exactly 5 trading days.
    expect(percentChange(s, periodStart('2024-03-08', '1W'), '2024-03-08')).toBeCloseTo((1.001 ** 5 - 1) * 100, 4);
    // YTD starts at the last close of 2023: Friday 2023-12-29. Weekdays after it to 2024-03-08: 23 + 21 + 6 = 50.
    expect(percentChange(s, periodStart('2024-03-08', 'YTD'), '2024-03-08')).toBeCloseTo((1.001 ** 50 - 1) * 100, 4);
  });
  it('gives null when the series starts after the period start', () => {
    const young = geometric('XLC', 'Communication Services', '2024-01-02', '2024-03-08', 1.001);
    expect(percentChange(young, periodStart('2024-03-08', '1Y'), '2024-03-08')).toBeNull();
  });
});

describe('seasonality', () => {
  it('averages complete monthly returns per calendar month and skips the listing and as-of months', () => {
    // Two flat years with one jump: +10% on the first trading day of March 2023 only.
    const dates = weekdays('2022-06-15', '2024-03-08');
    const closes = dates.map((d) => (d >= '2023-03-01' ? 110 : 100));
    const { averages, since } = seasonality({ ticker: 'X', sector: 'X', dates, closes }, '2024-03-08', '2004-01');
    expect(since).toBe('2022-07'); // June 2022 is the partial listing month
    expect(averages[2]).toBeCloseTo(10, 6); // March: only March 2023 counts; March 2024 is partial
    expect(averages[0]).toBe(0);
    expect(averages[5]).toBe(0); // June 2023 only
  });
});

describe('computeSectorPerformance', () => {
  const sectors = [
    geometric('XLK', 'Information Technology', '2022-01-03', '2024-03-08', 1.002),
    geometric('XLU', 'Utilities', '2022-01-03', '2024-03-08', 0.999),
    geometric('XLC', 'Communication Services', '2023-06-01', '2024-03-08', 1.001),
  ];
  const out = computeSectorPerformance(sectors, '2024-03-08', '2004-01');

  it('matches the wire schema', () => {
    expect(sectorPerformanceSchema.parse(out)).toEqual(out);
  });
  it('lays the heatmap out as period x sector triples', () => {
    expect(out.heatmap_data.x).toEqual(['1W', '1M', '3M', '6M', 'YTD', '1Y']);
    expect(out.heatmap_data.returns_data).toHaveLength(18);
    const [x, y, v] = out.heatmap_data.returns_data.find(([xi, yi]) => xi === 0 && yi === 1)!;
    expect([x, y]).toEqual([0, 1]);
    expect(v).toBeCloseTo((0.999 ** 5 - 1) * 100, 3);
    // XLC has no 1Y value: it listed less than a year ago.
    expect(out.heatmap_data.returns_data.find(([xi, yi]) => xi === 5 && yi === 2)![2]).toBeNull();
  });
  it('starts the 1-year line at 0% and ends it at the 1Y return', () => {
    const tech = out.line_data.series[0]!;
    expect(out.line_data.index[0]).toBe('2023-03-08');
    expect(out.line_data.index.at(-1)).toBe('2024-03-08');
    expect(tech.returns[0]).toBe(0);
    expect(tech.returns.at(-1)).toBe(out.heatmap_data.returns_data.find(([xi, yi]) => xi === 5 && yi === 0)![2]);
    expect(out.line_data.series[2]!.returns.every((r) => r === null)).toBe(true);
  });
  it('sorts bars best first and splits them by sign', () => {
    const bars = out.bar_data.chg_1w;
    expect(bars.index).toEqual(['Information Technology', 'Communication Services', 'Utilities']);
    expect(bars.positive[2]).toBe(0);
    expect(bars.negative[2]!).toBeLessThan(0);
    expect(bars.negative[0]).toBe(0);
  });
});
