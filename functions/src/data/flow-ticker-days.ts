import type { FlowDates, FlowTrade } from '@tapewatch/shared/schemas/flow';
import { compareNewestFirst } from '@tapewatch/shared/flow/order';
import type { DayRead, FlowRepository } from './flow-repository.ts';

/** A day's trades newest first, with each one's JSON once it has been served. */
export interface SortedDay {
  trades: FlowTrade[];
  rows: (string | undefined)[];
}

export type ListedDay = { date: string; trades: number; version?: string };

export function sortedDay(read: Pick<DayRead, 'trades'>): SortedDay {
  const trades = read.trades.sort(compareNewestFirst);
  return { trades, rows: new Array<string | undefined>(trades.length) };
}

/** The JSON of a day's i-th trade, made once and kept with the day. */
export function rowOf(day: SortedDay, i: number): string {
  return (day.rows[i] ??= JSON.stringify(day.trades[i]));
}

/** Several tickers' trades of one day as one day, newest first (their JSON kept). */
export function mergeDays(days: readonly SortedDay[]): SortedDay {
  if (days.length === 1) return days[0]!;
  const pairs = days.flatMap((d) => d.trades.map((t, i) => ({ t, row: d.rows[i] })));
  pairs.sort((a, b) => compareNewestFirst(a.t, b.t));
  return { trades: pairs.map((p) => p.t), rows: pairs.map((p) => p.row) };
}

/**
 * One ticker's trades of past days, per container, bounded by the trades kept: a closed day's
 * content changes only with a re-ingest, which changes its listed count or version (part of the
 * key). A ticker's year answers from memory after its first query (issue 23: the first AAPL
 * answer read ~170 days through the index, ~150 ms).
 */
class TickerDayCache {
  private readonly items = new Map<string, SortedDay>();
  private trades = 0;

  constructor(private readonly maxTrades: number) {}

  get(key: string): SortedDay | undefined {
    const hit = this.items.get(key);
    if (hit) {
      this.items.delete(key);
      this.items.set(key, hit);
    }
    return hit;
  }

  set(key: string, day: SortedDay): void {
    this.delete(key);
    this.items.set(key, day);
    this.trades += day.trades.length;
    while (this.trades > this.maxTrades && this.items.size > 1) this.delete(this.items.keys().next().value!);
  }

  private delete(key: string): void {
    const old = this.items.get(key);
    if (!old) return;
    this.items.delete(key);
    this.trades -= old.trades.length;
  }

  clear(): void {
    this.items.clear();
    this.trades = 0;
  }
}

/** ~1.5 KB a trade kept (object and JSON): ~60 MB, the 10,000-row years of about six tickers. */
const pastTickerDays = new TickerDayCache(40_000);

export function clearPastTickerDays(): void {
  pastTickerDays.clear();
}

/**
 * One ticker's days over the range, newest first, through the ticker index: `at(day)` gives the
 * day's trades (none when the ticker did not trade). Kept past days answer from memory; the index
 * is read from the first day not kept, page by page, only as far as the scan needs.
 */
export class TickerDays {
  private days: AsyncGenerator<{ date: string } & DayRead> | null = null;
  private head: ({ date: string } & DayRead) | null | undefined;

  constructor(
    private readonly repo: FlowRepository,
    private readonly ticker: string,
    private readonly dates: FlowDates,
    private readonly today: string,
  ) {}

  async at(listed: ListedDay): Promise<SortedDay> {
    const { date } = listed;
    const key = `${this.ticker}#${date}#${listed.trades}#${listed.version ?? ''}`;
    const past = date < this.today;
    const kept = past ? pastTickerDays.get(key) : undefined;
    if (kept) return kept;
    const day = sortedDay({ trades: await this.read(date) });
    if (past) pastTickerDays.set(key, day);
    return day;
  }

  private async read(date: string): Promise<FlowTrade[]> {
    this.days ??= this.repo.readTickerDays(this.ticker, this.dates.start, date);
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
    void this.days?.return(undefined).catch(() => undefined);
  }
}
