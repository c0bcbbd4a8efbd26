import type { Sp500Period, Sp500Stat } from '@tapewatch/shared/schemas/sp500';

/** A monthly series: dates are 'YYYY-MM-01', null = not available that month. */
export interface MonthlySeries {
  dates: string[];
  values: Array<number | null>;
}

export interface DatasetSeries {
  dates: string[];
  data: number[];
  change: Array<number | null>;
  change_pct: Array<number | null>;
}

/** Quarters are the calendar quarter-end months; years are represented by January. */
const QUARTER_MONTHS = new Set(['03', '06', '09', '12']);
const YEAR_MONTH = '01';

const round = (x: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/** Year-over-year percent change of each month against the same month a year earlier. */
export function yoyGrowth(s: MonthlySeries): MonthlySeries {
  const byDate = new Map(s.dates.map((d, i) => [d, s.values[i] ?? null]));
  const values = s.dates.map((d, i) => {
    const now = s.values[i] ?? null;
    const prevDate = `${String(Number(d.slice(0, 4)) - 1).padStart(4, '0')}${d.slice(4)}`;
    const prev = byDate.get(prevDate) ?? null;
    return now === null || prev === null || prev === 0 ? null : 100 * (now / prev - 1);
  });
  return { dates: s.dates, values };
}

/** Keeps the months of the period (all, quarter ends, or Januaries) that have a value. */
export function sample(s: MonthlySeries, period: Sp500Period): { dates: string[]; data: number[] } {
  const dates: string[] = [];
  const data: number[] = [];
  s.dates.forEach((d, i) => {
    const v = s.values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) return;
    const month = d.slice(5, 7);
    if (period === 'quarter' && !QUARTER_MONTHS.has(month)) return;
    if (period === 'year' && month !== YEAR_MONTH) return;
    dates.push(d);
    data.push(round(v));
  });
  return { dates, data };
}

/** Change and percent change against the previous observation of the same dataset. */
export function withChanges({ dates, data }: { dates: string[]; data: number[] }): DatasetSeries {
  const change: Array<number | null> = [];
  const change_pct: Array<number | null> = [];
  data.forEach((v, i) => {
    const prev = i > 0 ? data[i - 1]! : null;
    change.push(prev === null ? null : round(v - prev));
    change_pct.push(prev === null || prev === 0 ? null : round((100 * (v - prev)) / Math.abs(prev)));
  });
  return { dates, data, change, change_pct };
}

function median(sorted: number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The statistics list. Percentile of current = share of observations at or below the latest
 * value; the standard deviation is the sample one (n - 1).
 */
export function summaryStats({ dates, data }: { dates: string[]; data: number[] }): Sp500Stat[] {
  const n = data.length;
  if (n === 0) return [];
  let minI = 0;
  let maxI = 0;
  let sum = 0;
  data.forEach((v, i) => {
    sum += v;
    if (v < data[minI]!) minI = i;
    if (v > data[maxI]!) maxI = i;
  });
  const mean = sum / n;
  const variance = n > 1 ? data.reduce((acc, v) => acc + (v - mean) ** 2, 0) / (n - 1) : 0;
  const current = data[n - 1]!;
  const atOrBelow = data.filter((v) => v <= current).length;
  return [
    { key: 'Current', value: current },
    { key: 'Current date', value: dates[n - 1]! },
    { key: 'Mean', value: round(mean) },
    { key: 'Median', value: round(median([...data].sort((a, b) => a - b))) },
    { key: 'Minimum', value: data[minI]! },
    { key: 'Minimum date', value: dates[minI]! },
    { key: 'Maximum', value: data[maxI]! },
    { key: 'Maximum date', value: dates[maxI]! },
    { key: 'Standard deviation', value: round(Math.sqrt(variance)) },
    { key: 'Percentile of current', value: round((100 * atOrBelow) / n, 2) },
    { key: 'Observations', value: n },
    { key: 'First date', value: dates[0]! },
  ];
}
