import { MAX_HISTORICAL_ROWS, type FlowTrade } from '@tapewatch/shared/schemas/flow';
import { keyStats } from '@tapewatch/shared/flow/key-stats';
import type { DayHead, FlowRepository } from '../../data/flow-repository.ts';
import { tableName } from '../../data/tables.ts';
import { readUnlessWritten } from '../../data/write-signal.ts';
import { compareNewestFirst } from '../../domain/flow/trade.ts';
import { type ContentEncoding, type EncodedForms, encodedOnce } from '../../lib/gzip.ts';
import { onCachesCleared } from '../../lib/container-caches.ts';

/**
 * Today's flow answer kept serialized (and gzipped) per container, appended as live trades arrive
 * (issue 23). Each request reads the day's write head (one consistent GetItem, shared by the
 * requests that arrive while it is in flight); when the head moved, only the live items after the
 * cursor are read and merged. The payload is never stale: unless the trades found account for
 * exactly the live writes the head counted (an out-of-order or repeated write, the end-of-day
 * ingest, the daily reset), the day is read again in full.
 */
export interface CurrentFlowPayload {
  date: string;
  /** Every trade of the day, newest first, and each one's JSON. */
  trades: FlowTrade[];
  rows: string[];
  /** The whole answer: its text, compressed forms (base64, made on first demand) and strong ETag. */
  json: string;
  encoded: EncodedForms;
  etag: string;
  first: string | null;
}

interface State extends CurrentFlowPayload {
  head: DayHead;
  cursor: string;
  keys: Set<string>;
  /** The shown rows (the first MAX_HISTORICAL_ROWS) joined with commas: the answer's list. */
  shownText: string;
}

let state: State | null = null;
let building: Promise<State> | null = null;

/** The answer text, byte for byte what JSON.stringify({ date, options_flow, key_stats, first_date }) gives. */
export function answerText(
  date: string,
  rows: readonly string[],
  trades: readonly FlowTrade[],
  first: string | null,
): string {
  return answerOfList(date, rows.join(','), trades, first);
}

/** answerText from the rows already joined. */
function answerOfList(date: string, rowsText: string, trades: readonly FlowTrade[], first: string | null): string {
  return `{"date":${JSON.stringify(date)},"options_flow":[${rowsText}],"key_stats":${JSON.stringify(keyStats(trades))},"first_date":${JSON.stringify(first)}}`;
}

const shownTextOf = (rows: readonly string[]): string => rows.slice(0, MAX_HISTORICAL_ROWS).join(',');

/**
 * The ETag names the content without hashing 1.5 MB: the day, its write head, the trade count and
 * where the history starts determine the answer (any container builds the same bytes for them).
 */
function seal(s: Omit<State, 'json' | 'encoded' | 'etag'>): State {
  const shown = s.trades.slice(0, MAX_HISTORICAL_ROWS);
  const json = answerOfList(s.date, s.shownText, shown, s.first);
  const etag = `"${s.date}.${s.head.epoch}.${s.head.live}.${s.trades.length}.${s.first ?? '-'}"`;
  // Compressed when first asked for, per encoding, on the thread pool (cachedEncoding).
  return { ...s, json, etag, encoded: {} };
}

async function full(repo: FlowRepository, date: string, head: DayHead, first: string | null): Promise<State> {
  const day = await repo.readDay(date);
  const trades = day.trades.sort(compareNewestFirst);
  const rows = trades.map((t) => JSON.stringify(t));
  return seal({
    date,
    trades,
    rows,
    shownText: shownTextOf(rows),
    head,
    cursor: day.liveCursor,
    keys: new Set(trades.map((t) => t.key)),
    first,
  });
}

async function refresh(repo: FlowRepository, date: string, head: DayHead, first: string | null): Promise<State> {
  const s = state;
  if (!s || s.date !== date || s.head.epoch !== head.epoch || head.live < s.head.live)
    return full(repo, date, head, first);
  if (s.head.live === head.live) return s.first === first ? s : seal({ ...s, first });
  const more = await repo.readLiveAfter(date, s.cursor);
  if (more.items !== head.live - s.head.live) return full(repo, date, head, first);
  const fresh = more.trades.filter((t) => !s.keys.has(t.key));
  const keys = new Set(s.keys);
  const merged = [...s.trades];
  const rows = [...s.rows];
  let allFirst = true;
  for (const t of fresh.sort(compareNewestFirst).reverse()) {
    keys.add(t.key);
    // New trades are almost always the newest: a short scan from the front finds their place.
    let at = 0;
    while (at < merged.length && compareNewestFirst(merged[at]!, t) < 0) at++;
    if (at > 0) allFirst = false;
    merged.splice(at, 0, t);
    rows.splice(at, 0, JSON.stringify(t));
  }
  // When the new trades all went first and every row is still shown, the list is theirs before the
  // one held (joining a day's thousands of rows again was most of a rebuild's main-thread time).
  const added = rows.length - s.rows.length;
  const shownText =
    allFirst && added > 0 && rows.length <= MAX_HISTORICAL_ROWS
      ? `${rows.slice(0, added).join(',')}${s.shownText === '' ? '' : ','}${s.shownText}`
      : shownTextOf(rows);
  return seal({ date, trades: merged, rows, shownText, head, cursor: more.liveCursor, keys, first });
}

let headDate = '';
let headInFlight: Promise<DayHead> | null = null;
let headQueued: Promise<DayHead> | null = null;
onCachesCleared(() => {
  state = null;
  building = null;
  headDate = '';
  headInFlight = null;
  headQueued = null;
});

/**
 * The day's head as of a read that started after this call: requests that arrive while a read is
 * in flight share the next one (so 10 connections cost one GetItem per round trip, not ten). In
 * the local runtime the store signals its writes: while none arrived, the last read stands.
 */
export function freshHead(repo: FlowRepository, date: string): Promise<DayHead> {
  // The head lives in the flow table: API key counters and other app-table writes leave it kept.
  return readUnlessWritten(`flowhead#${date}`, () => nextHead(repo, date), { table: tableName('flow') });
}

function nextHead(repo: FlowRepository, date: string): Promise<DayHead> {
  const start = (): Promise<DayHead> => {
    const p = repo.readHead(date);
    headInFlight = p;
    void p
      .catch(() => undefined)
      .finally(() => {
        if (headInFlight === p) headInFlight = null;
      });
    return p;
  };
  if (headDate !== date) {
    headDate = date;
    headQueued = null;
    return start();
  }
  if (!headInFlight) return start();
  headQueued ??= headInFlight
    .catch(() => undefined)
    .then(() => {
      headQueued = null;
      return start();
    });
  return headQueued;
}

/** The current payload for `date` given a head read by `freshHead` (never older than the request). */
export async function currentFlowPayload(
  repo: FlowRepository,
  date: string,
  head: DayHead,
  first: string | null,
): Promise<CurrentFlowPayload> {
  for (;;) {
    const s = state;
    if (s && s.date === date && s.head.live === head.live && s.head.epoch === head.epoch && s.first === first) return s;
    // One rebuild at a time; a request that arrives meanwhile re-checks against what it produced.
    if (building) {
      await building.catch(() => undefined);
      continue;
    }
    building = refresh(repo, date, head, first);
    try {
      // Rebuilds run one at a time, each from the state the previous one left.
      state = await building;
      return state;
    } finally {
      building = null;
    }
  }
}

/** Trades newer (in newest-first order) than the trade keyed `since`; all of them when it is unknown. */
export function tradesSince(p: CurrentFlowPayload, since: string): { trades: FlowTrade[]; rows: string[] } {
  const at = p.trades.findIndex((t) => t.key === since);
  return at < 0 ? { trades: p.trades, rows: p.rows } : { trades: p.trades.slice(0, at), rows: p.rows.slice(0, at) };
}

/** The compressed form (base64, made once) of a body that is the current payload's text, else undefined. */
export function cachedEncoding(body: string, encoding: ContentEncoding): Promise<string> | undefined {
  return state !== null && body === state.json ? encodedOnce(state.encoded, state.json, encoding) : undefined;
}

/** Drops the cached payload (tests). */
export function clearCurrentFlowPayload(): void {
  state = null;
}
