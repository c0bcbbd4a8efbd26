import { documentClient } from '../../data/client.ts';
import { FlowColumnsRepository, type StoredDayColumn } from '../../data/flow-columns-repository.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import {
  decodeColumn,
  decodeHead,
  decodePrints,
  HEAD,
  PRINT_COLUMNS,
  PRINTS,
  SIDE,
  type DecodedColumn,
  STORED_COLUMNS,
  type StoredColumn,
} from '../../domain/alerts/columns-codec.ts';
import { toColumns, type DayColumns } from '../../domain/alerts/flow-columns.ts';
import { onCachesCleared } from '../../lib/container-caches.ts';

/**
 * Stored flow days in columns, per container, column by column: a backtest asks for the columns its
 * rule reads over the whole history and for a few more on the days it samples, and only columns not
 * yet held are read (one range query per column for the year, issue 35 item 11). A past day changes
 * only when re-ingested, and then its content version (and usually its count) changes, so (date,
 * count, version) identifies a held day. A day without stored columns (ingested before they
 * existed, or re-ingested without them) is built from its trades, in memory only: the route stays
 * read-only (no write grant on AWS, and read-only routes are the ones a key may speculate on).
 */
interface Held {
  trades: number;
  version: string;
  day: DayColumns;
  has: Set<StoredColumn>;
}
const held = new Map<string, Held>();
onCachesCleared(() => held.clear());
let loading: Promise<unknown> = Promise.resolve();
const PARALLEL_DAYS = 6;

type Listed = { date: string; trades: number; version: string };
const same = (c: { trades: number; version: string } | undefined, d: Listed) =>
  c !== undefined && c.trades === d.trades && c.version === d.version;

/** The stored days with trades before `today`, oldest first. */
async function listedDays(repo: FlowRepository, today: string): Promise<Listed[]> {
  return (await repo.listDays('2000-01-01', today))
    .filter((d) => d.date < today && d.trades > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The stored days before `today` (the live day belongs to the live matcher), oldest first, with
 * `columns` held for every day, or only for `dates` when given (the rest as already held).
 */
export async function historyColumns(
  today: string,
  columns: readonly string[] = STORED_COLUMNS,
  dates?: readonly string[],
): Promise<DayColumns[]> {
  // One load at a time: concurrent first backtests share the reads instead of repeating them.
  const run = loading.then(() => load(today, columns as StoredColumn[], dates ? new Set(dates) : null));
  loading = run.catch(() => undefined);
  return run;
}

async function load(today: string, columns: StoredColumn[], only: Set<string> | null): Promise<DayColumns[]> {
  const db = documentClient();
  const repo = new FlowRepository(db);
  const listed = await listedDays(repo, today);
  const byDate = new Map(listed.map((d) => [d.date, d]));
  for (const [date, h] of held) if (!same(h, byDate.get(date) ?? { date, trades: -1, version: '' })) held.delete(date);
  const wanted = only ? listed.filter((d) => only.has(d.date)) : listed;
  const store = new FlowColumnsRepository(db);
  const read = (column: StoredColumn, days: Listed[]): Promise<Map<string, StoredDayColumn>> =>
    only
      ? store.readDates(
          column,
          days.map((d) => d.date),
        )
      : store.readRange(column, days[0]!.date, days.at(-1)!.date);
  const rebuild = new Set<string>();
  // The heads first: they make the held days; then the columns, all at once.
  const headless = wanted.filter((d) => !held.has(d.date));
  if (headless.length > 0) {
    const heads = await read(HEAD, headless);
    for (const d of headless) {
      const s = heads.get(d.date);
      const head = s && same(s, d) ? decodeHead(s.bytes) : null;
      if (!head) {
        rebuild.add(d.date);
        continue;
      }
      const day: DayColumns = {
        date: d.date,
        length: head.length,
        keys: [],
        nums: {} as DayColumns['nums'],
        dicts: {} as DayColumns['dicts'],
        tickerRows: new Map(head.tickers.map(([t, s0, e]) => [t, [s0, e] as [number, number]])),
        side: new Int8Array(0),
      };
      held.set(d.date, { trades: d.trades, version: d.version, day, has: new Set([HEAD]) });
    }
  }
  // Sampled days: the print columns in one item a day.
  const unbundled = (d: Listed) =>
    !rebuild.has(d.date) && PRINT_COLUMNS.some((c) => columns.includes(c) && !held.get(d.date)!.has.has(c));
  const needPrints = only ? wanted.filter(unbundled) : [];
  if (needPrints.length > 0) {
    const stored = await read(PRINTS, needPrints);
    for (const d of needPrints) {
      const s = stored.get(d.date);
      const cols = s && same(s, d) ? decodePrints(s.bytes) : null;
      if (!cols) rebuild.add(d.date);
      else for (const [column, col] of cols) attach(held.get(d.date)!, column as StoredColumn, col);
    }
  }
  await Promise.all(
    [SIDE as StoredColumn, ...columns.filter((c) => c !== HEAD && c !== SIDE)].map(async (column) => {
      const missing = wanted.filter((d) => !rebuild.has(d.date) && !held.get(d.date)!.has.has(column));
      if (missing.length === 0) return;
      const stored = await read(column, missing);
      for (const d of missing) {
        const s = stored.get(d.date);
        const h = held.get(d.date)!;
        const col = s && same(s, d) ? decodeColumn(column, s.bytes) : null;
        if (!col) rebuild.add(d.date);
        else attach(h, column, col);
      }
    }),
  );
  const again = wanted.filter((d) => rebuild.has(d.date));
  for (let i = 0; i < again.length; i += PARALLEL_DAYS) {
    await Promise.all(
      again.slice(i, i + PARALLEL_DAYS).map(async (d) => {
        const day = toColumns(d.date, (await repo.readDay(d.date)).trades);
        held.set(d.date, { trades: d.trades, version: d.version, day, has: new Set(STORED_COLUMNS) });
      }),
    );
  }
  return wanted.map((d) => held.get(d.date)!.day);
}

function attach(h: Held, column: StoredColumn, col: DecodedColumn): void {
  if (column === SIDE) h.day.side = col as Int8Array;
  else if (col instanceof Float64Array) (h.day.nums as Record<string, Float64Array>)[column] = col;
  else (h.day.dicts as Record<string, unknown>)[column] = col;
  h.has.add(column);
}

/** Forgets the container's days (tests: the next backtest is a cold one). */
export function clearHistoryColumns(): void {
  held.clear();
}

/**
 * The plain path, for comparison (bench, tests): every trade of the stored days before `today` (or
 * of `dates`), read and put in columns, nothing held.
 */
export async function tradeColumns(
  today: string,
  _columns?: readonly string[],
  dates?: readonly string[],
): Promise<DayColumns[]> {
  const repo = new FlowRepository(documentClient());
  const listed = (await listedDays(repo, today)).filter((d) => !dates || dates.includes(d.date));
  const days: DayColumns[] = [];
  for (let i = 0; i < listed.length; i += PARALLEL_DAYS)
    days.push(
      ...(await Promise.all(
        listed.slice(i, i + PARALLEL_DAYS).map(async (d) => toColumns(d.date, (await repo.readDay(d.date)).trades)),
      )),
    );
  return days;
}
