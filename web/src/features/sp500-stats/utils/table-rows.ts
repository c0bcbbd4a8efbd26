import type { Sp500RatiosData } from '../api/get-sp500-ratios-data.ts';

export interface RatioRow {
  date: string;
  value: number;
  change: number | null;
  changePct: number | null;
}

/** Table rows, newest first (the default order; the columns sort). */
export function toRows(d: Pick<Sp500RatiosData, 'dates' | 'data' | 'change' | 'change_pct'>): RatioRow[] {
  return d.dates
    .map((date, i) => ({ date, value: d.data[i]!, change: d.change[i] ?? null, changePct: d.change_pct[i] ?? null }))
    .reverse();
}
