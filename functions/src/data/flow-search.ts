import type { FlowDates, FlowFilter, FlowTrade } from '@tapewatch/shared/schemas/flow';
import { MAX_HISTORICAL_ROWS } from '@tapewatch/shared/schemas/flow';
import { compileFilters, equalTickers } from '@tapewatch/shared/flow/filters';
import { compareNewestFirst } from '@tapewatch/shared/flow/order';
import { BadRequestError } from '../lib/errors.ts';
import { TtlLru } from '../lib/lru.ts';
import type { DayRead, FlowRepository } from './flow-repository.ts';

/** A day's trades newest first, with each one's JSON once it has been served. */
export interface SortedDay {
  trades: FlowTrade[];
  rows: (string | undefined)[];
}

/**
 * Parsed past days, per container, kept sorted: a closed day changes only when re-ingested, and
 * then its content version (part of the key, with the count) changes too. Today is always read fresh (live trades
 * arrive). ~4 MB a day: 24 days cover a month's range, or the 10,000 newest rows of any range.
 */
const pastDays = new TtlLru<SortedDay>(24, 10 * 60_000);

/** Forgets the parsed days (tests: each generated store reuses the same dates and counts). */
export function clearPastDays(): void {
  pastDays.clear();
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

export type ListedDay = { date: string; trades: number; version?: string };

function sortedDay(read: DayRead): SortedDay {
  const trades = read.trades.sort(compareNewestFirst);
  return { trades, rows: new Array<string | undefined>(trades.length) };
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

/**
 * One ticker's days over the range, newest first, through the ticker index: `at(date)` gives the
 * day's trades (none when the ticker did not trade), reading further pages only as the scan needs.
 */
class TickerDays {
  private readonly days: AsyncGenerator<{ date: string } & DayRead>;
  private head: ({ date: string } & DayRead) | null | undefined;

  constructor(repo: FlowRepository, ticker: string, dates: FlowDates) {
    this.days = repo.readTickerDays(ticker, dates.start, dates.end);
  }

  async at(date: string): Promise<FlowTrade[]> {
    for (;;) {
      if (this.head === undefined) {
        const next = await this.days.next();
        this.head = next.done ? null : next.value;
      }
      const day = this.head;
      if (day === null || day.date < date) return [];
      this.head = undefined;
      if (day.date === date) return day.trades;
      // A day the index has but the day list has not (live trades not yet ingested): not history.
    }
  }

  close(): void {
    void this.days.return(undefined).catch(() => undefined);
  }
}

/**
 * Historical search: listed days newest first, each filtered with the shared filter engine over
 * its trades kept newest first, stopping at the first day that completes 10,000 rows (or at the
 * scan bound). An Equal Ticker filter is pushed into the ticker index: one range read per ticker,
 * page by page, instead of whole days.
 */
export async function searchFlow(
  repo: FlowRepository,
  dates: FlowDates,
  filters: readonly FlowFilter[] = [],
  limits = { rows: MAX_HISTORICAL_ROWS, scan: MAX_SCANNED_TRADES },
  today = '9999-12-31',
  listed?: readonly ListedDay[],
  /** Today's trades as the caller already keeps them sorted with their JSON (the current-flow payload). */
  keptToday?: () => Promise<SortedDay>,
): Promise<FlowSearchResult> {
  const predicate = compile(filters);
  const tickers = equalTickers(filters);
  const days = listed ?? (await repo.listDays(dates.start, dates.end));
  const trades: FlowTrade[] = [];
  const rows: string[] = [];
  let scanned = 0;
  let capped = false;
  const byTicker = tickers?.map((t) => new TickerDays(repo, t, dates)) ?? [];
  const todays = new Map<string, Promise<SortedDay>>();
  const readWhole = ({ date, trades: count, version }: ListedDay): Promise<SortedDay> => {
    if (date < today)
      return pastDays.get(`${date}#${count}#${version ?? ''}`, async () => sortedDay(await repo.readDay(date)));
    let read = todays.get(date);
    if (!read) {
      // Today's live items are one item a trade: the kept payload spares reading thousands of them.
      read = date === today && keptToday ? keptToday() : repo.readDay(date).then(sortedDay);
      todays.set(date, read);
    }
    return read;
  };
  try {
    for (let i = 0; i < days.length; i += 1) {
      if (scanned >= limits.scan) {
        capped = true;
        break;
      }
      const { date } = days[i]!;
      let day: SortedDay;
      if (tickers) {
        const reads = await Promise.all(byTicker.map((t) => t.at(date)));
        day = sortedDay({ trades: reads.flat(), items: 0, liveCursor: '' });
      } else {
        // The next day's read is in flight while this one is filtered (one read wasted at a stop).
        if (i + 1 < days.length) void readWhole(days[i + 1]!).catch(() => undefined);
        day = await readWhole(days[i]!);
      }
      scanned += day.trades.length;
      // The day is newest first already: its matches are too, and they follow the newer days' rows.
      for (let j = 0; j < day.trades.length; j += 1) {
        const t = day.trades[j]!;
        if (!predicate(t)) continue;
        trades.push(t);
        rows.push((day.rows[j] ??= JSON.stringify(t)));
      }
      if (trades.length >= limits.rows) {
        capped = trades.length > limits.rows || i < days.length - 1;
        trades.length = limits.rows;
        rows.length = limits.rows;
        break;
      }
    }
  } finally {
    for (const t of byTicker) t.close();
  }
  return { trades, rows, capped, scanned };
}
