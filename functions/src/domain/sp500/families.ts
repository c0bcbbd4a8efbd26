import type { Sp500Family } from '@tapewatch/shared/schemas/sp500';
import type { ShillerMonth } from './shiller-month.ts';
import { yoyGrowth, type MonthlySeries } from './series.ts';

const ratio = (num: number | null, den: number | null, scale = 1) =>
  num === null || den === null || den === 0 ? null : (scale * num) / den;

/**
 * The monthly series behind each family the Shiller data supports (definitions as in the page
 * help). Book value and sales families are absent: Shiller's file has neither. Growth families are year-over-year percent changes; they are sampled later.
 */
export function familySeries(rows: readonly ShillerMonth[]): Partial<Record<Sp500Family, MonthlySeries>> {
  const dates = rows.map((r) => r.date);
  const col = (f: (r: ShillerMonth) => number | null): MonthlySeries => ({ dates, values: rows.map(f) });
  // Re-based to the latest month that has a CPI reading, so values are in that month's dollars.
  const cpiRef = rows.findLast((r) => r.cpi !== null)?.cpi ?? null;
  const out: Partial<Record<Sp500Family, MonthlySeries>> = {
    shiller_pe_ratio: col((r) => r.cape),
    pe_ratio: col((r) => ratio(r.price, r.earnings)),
    earnings_yield: col((r) => ratio(r.earnings, r.price, 100)),
    div_yield: col((r) => ratio(r.dividend, r.price, 100)),
    div: col((r) => r.dividend),
    earnings: col((r) => r.earnings),
    real_price: col((r) => r.realPrice),
    infladj: col((r) => (cpiRef === null ? null : ratio(r.price * cpiRef, r.cpi))),
    div_growth: yoyGrowth(col((r) => r.dividend)),
    earnings_growth: yoyGrowth(col((r) => r.earnings)),
    real_earnings_growth: yoyGrowth(col((r) => r.realEarnings)),
  };
  return out;
}
