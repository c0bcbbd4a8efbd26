import { FIELD_DEFS, type FlowField } from '@tapewatch/shared/flow/filter-fields';
import { fieldReader, type DayColumns } from './flow-columns.ts';
import { printDirection, type Side } from './print-outcomes.ts';
import { compileRule, ruleTickers, type CompiledRule, type MatchableRule } from './rule-index.ts';

/** Bullish and bearish prints per ticker and day (unsided prints are in neither). */
export type DirectionCounts = Map<string, Map<string, [bull: number, bear: number]>>;

export interface RuleScan {
  scanned: number;
  fired: number;
  perDay: Array<{ date: string; fires: number }>;
  /** The caught prints by ticker, day and direction: what the underlying's moves are counted on. */
  caught: DirectionCounts;
}

/** The columns a scan of this rule reads: the filters' own, plus the side and type that give each print its direction. */
export function ruleColumns(rule: MatchableRule): string[] {
  const attrs = rule.filters.flatMap((f) =>
    f.filter && f.filter in FIELD_DEFS ? [FIELD_DEFS[f.filter as FlowField].attr] : [],
  );
  return [...new Set(['put_call', ...attrs])];
}

function bump(counts: DirectionCounts, ticker: string, date: string, dir: number): void {
  if (dir === 0) return;
  let byDay = counts.get(ticker);
  if (!byDay) {
    byDay = new Map();
    counts.set(ticker, byDay);
  }
  const c = byDay.get(date) ?? [0, 0];
  if (dir > 0) c[0] += 1;
  else c[1] += 1;
  byDay.set(date, c);
}

const dirAt = (day: DayColumns, i: number): number => {
  const pc = day.dicts.put_call;
  return printDirection(day.side[i] as Side, pc.values[pc.codes[i]!] ?? '');
};

/**
 * Visits the rows a rule fires on, ticker by ticker, exactly as the live matcher would judge them:
 * the same compiled predicate on the fields its filters read, only the rows of the rule's tickers
 * when it names some. The ticker of a row is its range's (rows are grouped by ticker).
 */
function eachFire(
  day: DayColumns,
  compiled: CompiledRule,
  rule: MatchableRule,
  visit: (ticker: string, i: number) => void,
): number {
  const tickers = ruleTickers(rule);
  const read = fieldReader(ruleColumns(rule));
  const row: Record<string, unknown> = {};
  const ranges: Array<[string, [number, number]]> = tickers
    ? tickers.flatMap((t) => {
        const r = day.tickerRows.get(t);
        return r ? [[t, r] as [string, [number, number]]] : [];
      })
    : [...day.tickerRows];
  let scanned = 0;
  for (const [ticker, [start, end]] of ranges) {
    row.ticker = ticker;
    for (let i = start; i < end; i += 1) if (compiled.predicate(read(day, i, row))) visit(ticker, i);
    scanned += end - start;
  }
  return scanned;
}

/** Runs a rule over stored days (oldest first): fires per day and the caught prints' directions. */
export function scanRule(days: readonly DayColumns[], rule: MatchableRule): RuleScan {
  const compiled = compileRule(rule);
  const out: RuleScan = { scanned: 0, fired: 0, perDay: [], caught: new Map() };
  if (!compiled) return out;
  for (const day of days) {
    let fires = 0;
    out.scanned += eachFire(day, compiled, rule, (ticker, i) => {
      fires += 1;
      bump(out.caught, ticker, day.date, dirAt(day, i));
    });
    out.fired += fires;
    out.perDay.push({ date: day.date, fires });
  }
  return out;
}

/** The rows of one day the rule fires on, in row order. */
export function firedRows(day: DayColumns, rule: MatchableRule): number[] {
  const compiled = compileRule(rule);
  const rows: number[] = [];
  if (compiled) eachFire(day, compiled, rule, (_, i) => rows.push(i));
  return rows;
}

/** Every print of the given tickers by day and direction: the baseline the caught prints are compared with. */
export function tickerDirections(days: readonly DayColumns[], tickers: Iterable<string>): DirectionCounts {
  const counts: DirectionCounts = new Map();
  const list = [...tickers];
  for (const day of days)
    for (const t of list) {
      const r = day.tickerRows.get(t);
      if (r) for (let i = r[0]; i < r[1]; i += 1) bump(counts, t, day.date, dirAt(day, i));
    }
  return counts;
}

export interface CloseSeries {
  date: readonly string[];
  close: readonly number[];
}

export interface DirectionStats {
  /** Bullish prints with a close that far ahead, and the share after which the underlying rose. */
  bullish: { prints: number; rose: number | null };
  /** Bearish prints with a close that far ahead, and the share after which the underlying fell. */
  bearish: { prints: number; fell: number | null };
  /** Share of all those prints whose direction the underlying then took. */
  hit: number | null;
}

const share = (k: number, n: number): number | null => (n > 0 ? Math.round((k / n) * 1000) / 1000 : null);

/**
 * How often the underlying went the prints' way `horizon` trading days after each print's day,
 * close to close (entry at the close of the print's day, after the print, so nothing from the future
 * decides it). Days without a close that far ahead are left out, not counted as misses.
 */
export function directionStats(
  counts: DirectionCounts,
  seriesOf: (ticker: string) => CloseSeries | null,
  horizon: number,
): DirectionStats {
  let bull = 0;
  let rose = 0;
  let bear = 0;
  let fell = 0;
  for (const [ticker, byDay] of counts) {
    const s = seriesOf(ticker);
    if (!s) continue;
    const at = new Map(s.date.map((d, i) => [d, i]));
    for (const [date, [b, r]] of byDay) {
      const i = at.get(date);
      if (i === undefined || i + horizon >= s.close.length) continue;
      const from = s.close[i]!;
      const to = s.close[i + horizon]!;
      if (!(from > 0) || !Number.isFinite(to)) continue;
      bull += b;
      bear += r;
      if (to > from) rose += b;
      if (to < from) fell += r;
    }
  }
  return {
    bullish: { prints: bull, rose: share(rose, bull) },
    bearish: { prints: bear, fell: share(fell, bear) },
    hit: share(rose + fell, bull + bear),
  };
}
