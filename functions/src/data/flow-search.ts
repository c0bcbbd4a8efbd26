import type { FlowDates, FlowFilter, FlowTrade } from '@tapewatch/shared/schemas/flow';
import { MAX_HISTORICAL_ROWS } from '@tapewatch/shared/schemas/flow';
import { compileFilters, equalTickers } from '@tapewatch/shared/flow/filters';
import { compareNewestFirst } from '@tapewatch/shared/flow/order';
import { BadRequestError } from '../lib/errors.ts';
import { TtlLru } from '../lib/lru.ts';
import type { DayRead, FlowRepository } from './flow-repository.ts';

/**
 * Parsed past days, per container: a closed day changes only when re-ingested, and then its
 * trade count (part of the key) changes too. Today is always read fresh (live trades arrive).
 */
const pastDays = new TtlLru<DayRead>(16, 10 * 60_000);

/** Trades a query may examine before it stops and says capped (about 40 demo days). */
export const MAX_SCANNED_TRADES = 120_000;
/** Days of ticker-index reads in flight at once for an Equal Ticker query. */
export const TICKER_PREFETCH = 16;

export interface FlowSearchResult {
  trades: FlowTrade[];
  capped: boolean;
  scanned: number;
}

/**
 * Historical search: days newest first, each filtered on the server with the shared filter engine
 * and sorted newest first, until 10,000 rows or the scan bound. An Equal Ticker filter reads only
 * those tickers' items through the ticker index instead of whole days.
 */
export async function searchFlow(
  repo: FlowRepository,
  dates: FlowDates,
  filters: readonly FlowFilter[] = [],
  limits = { rows: MAX_HISTORICAL_ROWS, scan: MAX_SCANNED_TRADES },
  today = '9999-12-31',
): Promise<FlowSearchResult> {
  const compiled = compileFilters(filters.map((f) => ({ ...f, value: f.value ?? null })));
  if (compiled.errors.length > 0) throw new BadRequestError(`Invalid filters: ${compiled.errors.join('; ')}.`);
  const tickers = equalTickers(filters);
  const days = await repo.listDays(dates.start, dates.end);
  const out: FlowTrade[] = [];
  let scanned = 0;
  let capped = false;
  // A rare ticker over years is one small index read per listed day: read TICKER_PREFETCH days
  // at once (in order of use) so such a query costs tens of round trips, not a thousand.
  const tickerReads = new Map<number, Promise<DayRead[]>>();
  const readTickers = (i: number, list: readonly string[]) => {
    for (let j = i; j < Math.min(days.length, i + TICKER_PREFETCH); j += 1) {
      if (tickerReads.has(j)) continue;
      const read = Promise.all(list.map((t) => repo.readTickerDay(t, days[j]!.date)));
      // A read past an early stop is never awaited: its failure must not surface as unhandled.
      read.catch(() => undefined);
      tickerReads.set(j, read);
    }
    const reads = tickerReads.get(i)!;
    tickerReads.delete(i);
    return reads;
  };
  for (let i = 0; i < days.length; i += 1) {
    if (scanned >= limits.scan) {
      capped = true;
      break;
    }
    const { date, trades: count } = days[i]!;
    const whole = () =>
      date < today ? pastDays.get(`${date}#${count}`, () => repo.readDay(date)) : repo.readDay(date);
    const reads = tickers ? await readTickers(i, tickers) : [await whole()];
    const dayTrades = reads.flatMap((r) => r.trades);
    scanned += dayTrades.length;
    const matched = dayTrades.filter(compiled.predicate).sort(compareNewestFirst);
    for (const t of matched) out.push(t);
    if (out.length >= limits.rows) {
      capped = out.length > limits.rows || i < days.length - 1;
      out.length = limits.rows;
      break;
    }
  }
  return { trades: out, capped, scanned };
}
