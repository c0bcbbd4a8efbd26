import { firedRows } from './backtest.ts';
import type { DayColumns } from './flow-columns.ts';
import { evenSample, pnlSummary, printPnl, type PnlSummary, type PrintContract, type Side } from './print-outcomes.ts';
import type { MatchableRule } from './rule-index.ts';

export { PRINT_COLUMNS } from './columns-codec.ts';

export interface SampledPrint extends PrintContract {
  date: string;
  time: string;
  ticker: string;
  price: number;
  size: number;
  premium: number;
  option_activity_type: string;
  side: Side;
}

function printAt(day: DayColumns, ticker: string, i: number): SampledPrint {
  const text = (f: 'time' | 'put_call' | 'date_expiration' | 'option_activity_type') =>
    day.dicts[f].values[day.dicts[f].codes[i]!] ?? '';
  return {
    date: day.date,
    time: text('time'),
    ticker,
    put_call: text('put_call'),
    strike_price: day.nums.strike_price[i]!,
    date_expiration: text('date_expiration'),
    price: day.nums.price[i]!,
    size: day.nums.size[i]!,
    premium: day.nums.cost_basis[i]!,
    option_activity_type: text('option_activity_type'),
    side: day.side[i] as Side,
  };
}

const tickerOf = (day: DayColumns, i: number): string => {
  for (const [t, [s, e]] of day.tickerRows) if (i >= s && i < e) return t;
  return '';
};

/**
 * On each sampled day, up to `perDay` of the prints the rule caught and as many of all the prints
 * of `tickers` (the baseline), spread evenly over the day's rows; days oldest first.
 */
export function samplePrints(
  days: readonly DayColumns[],
  rule: MatchableRule,
  tickers: ReadonlySet<string>,
  perDay: number,
): { caught: SampledPrint[]; baseline: SampledPrint[] } {
  const caught: SampledPrint[] = [];
  const baseline: SampledPrint[] = [];
  for (const day of days) {
    const fired = firedRows(day, rule);
    for (const k of evenSample(fired.length, perDay)) caught.push(printAt(day, tickerOf(day, fired[k]!), fired[k]!));
    const all: Array<[string, number]> = [];
    for (const [t, [s, e]] of day.tickerRows) if (tickers.has(t)) for (let i = s; i < e; i += 1) all.push([t, i]);
    for (const k of evenSample(all.length, perDay)) baseline.push(printAt(day, all[k]![0], all[k]![1]));
  }
  return { caught, baseline };
}

export type Mark = (ticker: string, date: string, c: PrintContract, horizon: number) => number | null;

/** Each print's P&L at the horizon (null without a side or a mark). */
export function printPnlAt(p: SampledPrint, mark: Mark, horizon: number): number | null {
  if (p.side === 0) return null;
  const m = mark(p.ticker, p.date, p, horizon);
  return m === null ? null : Math.round(printPnl(p.side, p.price, p.size, m) * 100) / 100;
}

/** The summed P&L of the prints with a side and a mark at the horizon. */
export function pnlAt(prints: readonly SampledPrint[], mark: Mark, horizon: number): PnlSummary {
  const samples: Array<{ pnl: number; premium: number }> = [];
  for (const p of prints) {
    const pnl = printPnlAt(p, mark, horizon);
    if (pnl !== null) samples.push({ pnl, premium: p.price * p.size * 100 });
  }
  return pnlSummary(samples);
}
