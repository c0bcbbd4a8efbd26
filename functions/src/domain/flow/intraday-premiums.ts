import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import {
  INTRADAY_INTERVAL_MINUTES,
  LATEST_TRADES_LIMIT,
  type IntradayPremiums,
} from '@tapewatch/shared/schemas/flow-ticker-overview';

const OPEN_MINUTES = 9 * 60 + 30;
const SESSION_MINUTES = 390;

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Newest first: time, then key (deterministic for trades stamped the same second). */
export function byNewest(a: FlowTrade, b: FlowTrade): number {
  return a.time < b.time ? 1 : a.time > b.time ? -1 : a.key < b.key ? 1 : a.key > b.key ? -1 : 0;
}

/** Bucket of a HH:MM[:SS] time; times outside 09:30-16:00 clamp to the first or last bucket. */
export function intervalBucket(time: string, minutes: number): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const since = Math.min(SESSION_MINUTES - 1, Math.max(0, h * 60 + m - OPEN_MINUTES));
  return Math.floor(since / minutes);
}

/**
 * Call and put premiums per interval of one ticker-day, with candles of the underlying price of its
 * trades (the demo has no intraday price bars, so the trades' underlying_price stands in for them).
 * Only buckets with trades are listed, in time order.
 */
export function intradayPremiums(
  ticker: string,
  date: string | null,
  trades: readonly FlowTrade[],
  interval: 0 | 1 | 2,
): IntradayPremiums {
  const minutes = INTRADAY_INTERVAL_MINUTES[interval];
  const ordered = [...trades].sort((a, b) => -byNewest(a, b));
  const buckets = new Map<number, { calls: number; puts: number; ohlc: [number, number, number, number] | null }>();
  for (const t of ordered) {
    const b = intervalBucket(t.time, minutes);
    let row = buckets.get(b);
    if (!row) buckets.set(b, (row = { calls: 0, puts: 0, ohlc: null }));
    if (t.put_call === 'Call') row.calls += t.cost_basis;
    else row.puts += t.cost_basis;
    const p = t.underlying_price;
    if (p === null || !Number.isFinite(p)) continue;
    if (!row.ohlc) row.ohlc = [p, p, p, p];
    else row.ohlc = [row.ohlc[0], Math.max(row.ohlc[1], p), Math.min(row.ohlc[2], p), p];
  }
  const keys = [...buckets.keys()].sort((a, b) => a - b);
  return {
    ticker,
    date,
    interval,
    minutes,
    index: keys.map((b) => clock(OPEN_MINUTES + b * minutes)),
    ohlc: keys.map((b) => buckets.get(b)!.ohlc),
    calls: keys.map((b) => buckets.get(b)!.calls),
    puts: keys.map((b) => buckets.get(b)!.puts),
  };
}

/** The day's last trades, newest first. */
export function latestTrades(trades: readonly FlowTrade[], limit = LATEST_TRADES_LIMIT): FlowTrade[] {
  return [...trades].sort(byNewest).slice(0, limit);
}
