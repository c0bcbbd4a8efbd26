import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { FIELD_DEFS, type FlowField } from '@tapewatch/shared/flow/filter-fields';
import { fieldReader, rowTrade, type DayColumns } from './flow-columns.ts';
import { compileRule, ruleTickers, type MatchableRule } from './rule-index.ts';

/** Trades per ticker and day: what the price moves are weighted by. */
export type TickerDayCounts = Map<string, Map<string, number>>;

export interface RuleScan {
  scanned: number;
  fired: number;
  perDay: Array<{ date: string; fires: number }>;
  /** The first `limit` trades caught, oldest day first. */
  trades: FlowTrade[];
  caught: TickerDayCounts;
}

function bump(counts: TickerDayCounts, ticker: string, date: string, n: number): void {
  let byDay = counts.get(ticker);
  if (!byDay) {
    byDay = new Map();
    counts.set(ticker, byDay);
  }
  byDay.set(date, (byDay.get(date) ?? 0) + n);
}

/**
 * Runs a rule over stored days (oldest first) exactly as the live matcher would: the same compiled
 * predicate, reading only the rows of the rule's tickers when it names some.
 */
export function scanRule(days: readonly DayColumns[], rule: MatchableRule, limit: number): RuleScan {
  const compiled = compileRule(rule);
  const out: RuleScan = { scanned: 0, fired: 0, perDay: [], trades: [], caught: new Map() };
  if (!compiled) return out;
  const tickers = ruleTickers(rule);
  const row: Record<string, unknown> = {};
  const read = fieldReader([
    'ticker',
    ...rule.filters.flatMap((f) =>
      f.filter && f.filter in FIELD_DEFS ? [FIELD_DEFS[f.filter as FlowField].attr] : [],
    ),
  ]);
  for (const day of days) {
    const ranges: Array<[number, number]> = tickers
      ? tickers.flatMap((t) => {
          const r = day.tickerRows.get(t);
          return r ? [r] : [];
        })
      : [[0, day.length]];
    let fires = 0;
    for (const [start, end] of ranges) {
      for (let i = start; i < end; i += 1) {
        const trade = read(day, i, row);
        if (!compiled.predicate(trade)) continue;
        fires += 1;
        bump(out.caught, trade.ticker.toUpperCase(), day.date, 1);
        if (out.trades.length < limit) out.trades.push(rowTrade(day, i));
      }
      out.scanned += end - start;
    }
    out.fired += fires;
    out.perDay.push({ date: day.date, fires });
  }
  return out;
}

/** All trades of the given tickers per day: the baseline the caught trades are compared with. */
export function tickerDayCounts(days: readonly DayColumns[], tickers: Iterable<string>): TickerDayCounts {
  const counts: TickerDayCounts = new Map();
  const list = [...tickers];
  for (const day of days) {
    for (const t of list) {
      const r = day.tickerRows.get(t);
      if (r) bump(counts, t, day.date, r[1] - r[0]);
    }
  }
  return counts;
}

export interface CloseSeries {
  date: readonly string[];
  close: readonly number[];
}

export interface MoveStats {
  trades: number;
  median: number | null;
  positive: number | null;
}

/**
 * The underlying's close-to-close move `horizon` trading days after each trade's day, in percent,
 * weighted by trades. Entry is the close of the trade's day (after the trade, so nothing from the
 * future decides it); days without a close that far ahead are left out, not counted as zero.
 */
export function moveStats(
  counts: TickerDayCounts,
  seriesOf: (ticker: string) => CloseSeries | null,
  horizon: number,
): MoveStats {
  const samples: Array<{ move: number; weight: number }> = [];
  for (const [ticker, byDay] of counts) {
    const s = seriesOf(ticker);
    if (!s) continue;
    const at = new Map(s.date.map((d, i) => [d, i]));
    for (const [date, weight] of byDay) {
      const i = at.get(date);
      if (i === undefined || i + horizon >= s.close.length) continue;
      const from = s.close[i]!;
      const to = s.close[i + horizon]!;
      if (!(from > 0) || !Number.isFinite(to)) continue;
      samples.push({ move: (to / from - 1) * 100, weight });
    }
  }
  return weightedSummary(samples);
}

export function weightedSummary(samples: Array<{ move: number; weight: number }>): MoveStats {
  const total = samples.reduce((s, x) => s + x.weight, 0);
  if (total === 0) return { trades: 0, median: null, positive: null };
  samples.sort((a, b) => a.move - b.move);
  let seen = 0;
  let median = samples[samples.length - 1]!.move;
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    seen += s.weight;
    if (seen * 2 > total) {
      median = s.move;
      break;
    }
    // An even split between two values: their midpoint, as the unweighted median would give.
    if (seen * 2 === total) {
      median = (s.move + samples[i + 1]!.move) / 2;
      break;
    }
  }
  const up = samples.reduce((s, x) => s + (x.move > 0 ? x.weight : 0), 0);
  return { trades: total, median: Math.round(median * 1000) / 1000, positive: Math.round((up / total) * 1000) / 1000 };
}
