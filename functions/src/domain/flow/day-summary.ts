import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { occSymbolOfPrint } from '@tapewatch/shared/options/occ-symbol';
import type { DaySummary, SideTotals, StrikeRow, TickerDaySummary } from '../../data/flow-summary-repository.ts';
import { mostOtm } from './most-otm.ts';

/** The summary's shape is the stored one (data/flow-summary-repository.ts); this module computes it. */
export type {
  DaySummary,
  LargestPrint,
  SideTotals,
  StrikeRow,
  TickerDaySummary,
} from '../../data/flow-summary-repository.ts';

/** 30-minute buckets of the regular session: 0 = 09:30-10:00 ... 12 = 15:30-16:00 (outside times clamp). */
export const HALF_HOUR_BUCKETS = 13;

export const SUMMARY_TOP_TRADES = 50;
export const LEAPS_MIN_DTE = 365;

const emptySide = (): SideTotals => ({ premium: 0, trades: 0, size: 0, scoreSum: 0 });

/** Bucket of an HH:MM[:SS] New York time. */
export function halfHourBucket(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const minutes = h * 60 + m - (9 * 60 + 30);
  return Math.min(HALF_HOUR_BUCKETS - 1, Math.max(0, Math.floor(minutes / 30)));
}

/** Keeps the `limit` largest by `by` (ties: the earlier key wins, so the result is deterministic). */
function topBy(trades: readonly FlowTrade[], by: (t: FlowTrade) => number, limit: number): FlowTrade[] {
  return [...trades].sort((a, b) => by(b) - by(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, limit);
}

export function summarizeDay(date: string, trades: readonly FlowTrade[]): DaySummary {
  const tickers: Record<string, TickerDaySummary> = {};
  const strikeMaps = new Map<string, Map<number, StrikeRow>>();
  const priceTimes = new Map<string, { first: string; last: string }>();
  const largestKeys = new Map<string, FlowTrade>();
  for (const t of trades) {
    let s = tickers[t.ticker];
    if (!s) {
      s = {
        ticker: t.ticker,
        calls: emptySide(),
        puts: emptySide(),
        strikes: [],
        halfHours: {
          calls: new Array<number>(HALF_HOUR_BUCKETS).fill(0),
          puts: new Array<number>(HALF_HOUR_BUCKETS).fill(0),
        },
        firstPrice: null,
        lastPrice: null,
      };
      tickers[t.ticker] = s;
      strikeMaps.set(t.ticker, new Map());
    }
    // Ties keep the earlier key, as the day's `largest` list does.
    const top = largestKeys.get(t.ticker);
    if (!top || t.cost_basis > top.cost_basis || (t.cost_basis === top.cost_basis && t.key < top.key)) {
      largestKeys.set(t.ticker, t);
      s.largest = { symbol: occSymbolOfPrint(t), cost_basis: t.cost_basis };
    }
    const call = t.put_call === 'Call';
    const side = call ? s.calls : s.puts;
    side.premium += t.cost_basis;
    side.trades += 1;
    side.size += t.size;
    side.scoreSum += t.score;
    (call ? s.halfHours.calls : s.halfHours.puts)[halfHourBucket(t.time)]! += t.cost_basis;

    const strikes = strikeMaps.get(t.ticker)!;
    const row = strikes.get(t.strike_price) ?? [t.strike_price, 0, 0, 0, 0];
    if (call) {
      row[1] += t.cost_basis;
      row[3] += t.size;
    } else {
      row[2] += t.cost_basis;
      row[4] += t.size;
    }
    strikes.set(t.strike_price, row);

    if (t.underlying_price !== null) {
      const seen = priceTimes.get(t.ticker);
      if (!seen || t.time < seen.first) s.firstPrice = t.underlying_price;
      if (!seen || t.time >= seen.last) s.lastPrice = t.underlying_price;
      priceTimes.set(t.ticker, {
        first: seen && seen.first <= t.time ? seen.first : t.time,
        last: seen && seen.last > t.time ? seen.last : t.time,
      });
    }
  }
  for (const [ticker, strikes] of strikeMaps)
    tickers[ticker]!.strikes = [...strikes.values()].sort((a, b) => a[0] - b[0]);
  return {
    date,
    tradeCount: trades.length,
    tickers,
    largest: topBy(trades, (t) => t.cost_basis, SUMMARY_TOP_TRADES),
    leaps: topBy(
      trades.filter((t) => t.DTE >= LEAPS_MIN_DTE),
      (t) => t.open_interest,
      SUMMARY_TOP_TRADES,
    ),
    mostOtm: mostOtm(trades),
  };
}
