import type { FlowDates, FlowFilter, FlowTrade } from '@tapewatch/shared/schemas/flow';
import { MAX_HISTORICAL_ROWS } from '@tapewatch/shared/schemas/flow';
import { compileFilters, equalTickers } from '@tapewatch/shared/flow/filters';
import { BadRequestError } from '../lib/errors.ts';
import { TtlLru } from '../lib/lru.ts';
import type { FlowRepository } from './flow-repository.ts';
import {
  clearPastTickerDays,
  type ListedDay,
  mergeDays,
  rowOf,
  type SortedDay,
  sortedDay,
  TickerDays,
} from './flow-ticker-days.ts';

export type { ListedDay, SortedDay } from './flow-ticker-days.ts';

/**
 * Parsed past days, per container, kept sorted: a closed day changes only when re-ingested, and
 * then its content version (part of the key, with the count) changes too. Today is always read fresh (live trades
 * arrive). ~4 MB a day: 24 days cover a month's range, or the 10,000 newest rows of any range.
 */
const pastDays = new TtlLru<SortedDay>(24, 10 * 60_000);

/** Forgets the parsed days (tests: each generated store reuses the same dates and counts). */
export function clearPastDays(): void {
  pastDays.clear();
  clearPastTickerDays();
}

/** Trades a query may examine before it stops and says capped (about 40 demo days). */
export const MAX_SCANNED_TRADES = 120_000;

export interface FlowSearchResult {
  trades: FlowTrade[];
  /** Each trade's JSON (JSON.stringify of it), in the same order. */
  rows: string[];
  capped: boolean;
  scanned: number;
}

/** Compiles the filters, or refuses them with the spec's alert. */
function compile(filters: readonly FlowFilter[]) {
  const compiled = compileFilters(filters.map((f) => ({ ...f, value: f.value ?? null })));
  if (compiled.errors.length > 0) throw new BadRequestError(`Invalid filters: ${compiled.errors.join('; ')}.`);
  return compiled.predicate;
}

/** Validates the filters before any read (a bad filter is a 400 whatever the range). */
export function checkFilters(filters: readonly FlowFilter[]): void {
  compile(filters);
}

export interface ScanOptions {
  limits?: { rows: number; scan: number };
  /** Days before it are closed (kept parsed); today and later are read fresh. */
  today?: string;
  /** The range's listed days, newest first, when the caller has them already. */
  listed?: readonly ListedDay[];
  /** Today's trades as the caller already keeps them sorted with their JSON (the current-flow payload). */
  keptToday?: () => Promise<SortedDay>;
}

/** Today's trades of the named tickers out of the kept payload: what the index gives for them. */
function tickersOf(day: SortedDay, tickers: readonly string[]): SortedDay {
  const wanted = new Set(tickers);
  const out: SortedDay = { trades: [], rows: [] };
  day.trades.forEach((t, i) => {
    if (!wanted.has(t.ticker)) return;
    out.trades.push(t);
    out.rows.push(day.rows[i]);
  });
  return out;
}

/**
 * Historical search: listed days newest first, each filtered with the shared filter engine over
 * its trades kept newest first, stopping at the first day that completes the rows (or at the
 * scan bound). An Equal Ticker filter is pushed into the ticker index: one range read per ticker,
 * page by page, instead of whole days. `onMatch` receives each matching row in answer order.
 */
export async function scanFlow(
  repo: FlowRepository,
  dates: FlowDates,
  filters: readonly FlowFilter[],
  options: ScanOptions,
  onMatch: (day: SortedDay, index: number) => void,
): Promise<{ capped: boolean; scanned: number }> {
  const { limits = { rows: MAX_HISTORICAL_ROWS, scan: MAX_SCANNED_TRADES }, today = '9999-12-31', keptToday } = options;
  const predicate = compile(filters);
  const tickers = equalTickers(filters);
  const days = options.listed ?? (await repo.listDays(dates.start, dates.end));
  let matched = 0;
  let scanned = 0;
  let capped = false;
  const byTicker = tickers?.map((t) => new TickerDays(repo, t, dates, today)) ?? [];
  const todays = new Map<string, Promise<SortedDay>>();
  const readToday = (date: string): Promise<SortedDay> => {
    let read = todays.get(date);
    if (!read) {
      // Today's live items are one item a trade: the kept payload spares reading thousands of them.
      read = date === today && keptToday ? keptToday() : repo.readDay(date).then(sortedDay);
      todays.set(date, read);
    }
    return read;
  };
  const readWhole = ({ date, trades: count, version }: ListedDay): Promise<SortedDay> =>
    date < today
      ? pastDays.get(`${date}#${count}#${version ?? ''}`, async () => sortedDay(await repo.readDay(date)))
      : readToday(date);
  const readTickers = async (listed: ListedDay): Promise<SortedDay> =>
    tickers && listed.date === today && keptToday
      ? tickersOf(await readToday(listed.date), tickers)
      : mergeDays(await Promise.all(byTicker.map((t) => t.at(listed))));
  try {
    for (let i = 0; i < days.length; i += 1) {
      if (scanned >= limits.scan) {
        capped = true;
        break;
      }
      let day: SortedDay;
      if (tickers) day = await readTickers(days[i]!);
      else {
        // The next day's read is in flight while this one is filtered (one read wasted at a stop).
        if (i + 1 < days.length) void readWhole(days[i + 1]!).catch(() => undefined);
        day = await readWhole(days[i]!);
      }
      scanned += day.trades.length;
      // The day is newest first already: its matches are too, and they follow the newer days' rows.
      for (let j = 0; j < day.trades.length; j += 1) {
        if (!predicate(day.trades[j]!)) continue;
        if (matched === limits.rows) {
          capped = true;
          break;
        }
        onMatch(day, j);
        matched += 1;
      }
      if (matched >= limits.rows) {
        capped ||= i < days.length - 1;
        break;
      }
    }
  } finally {
    for (const t of byTicker) t.close();
  }
  return { capped, scanned };
}

/** The search's rows as trades and their JSON (the straightforward form; the handler writes bytes). */
export async function searchFlow(
  repo: FlowRepository,
  dates: FlowDates,
  filters: readonly FlowFilter[] = [],
  limits = { rows: MAX_HISTORICAL_ROWS, scan: MAX_SCANNED_TRADES },
  today = '9999-12-31',
  listed?: readonly ListedDay[],
  keptToday?: () => Promise<SortedDay>,
): Promise<FlowSearchResult> {
  const trades: FlowTrade[] = [];
  const rows: string[] = [];
  const { capped, scanned } = await scanFlow(repo, dates, filters, { limits, today, listed, keptToday }, (day, j) => {
    trades.push(day.trades[j]!);
    rows.push(rowOf(day, j));
  });
  return { trades, rows, capped, scanned };
}
