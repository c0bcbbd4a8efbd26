import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { totalReturnCloses, type DailySeries } from '../../data/daily-series.ts';
import { computeDarkPoolDays, type ShortVolumeInput } from '../dark-pools/dark-pool-metrics.ts';
import type { SignalTicker } from './build-signals.ts';
import { toSignalSector } from './sectors.ts';
import { sharesOn } from '../tickers/shares.ts';

export interface Bar {
  date: string;
  close: number;
  open?: number;
}

/**
 * Adjusted (total-return) daily closes up to the as-of date, oldest first, with the open adjusted
 * by the same day's factor (total-return close / close as traded) so an open-to-close or
 * close-to-open return is on one basis. A missing or non-positive open is left out (the factor
 * module then fills trades at closes).
 */
export function toBars(s: DailySeries, asOf: string): Bar[] {
  const closes = totalReturnCloses(s);
  const bars: Bar[] = [];
  for (let i = 0; i < s.date.length; i++) {
    const d = s.date[i]!;
    if (d > asOf) break;
    const c = closes[i]!;
    if (!(Number.isFinite(c) && c > 0)) continue;
    const open = (s.open[i] ?? Number.NaN) * (c / s.close[i]!);
    bars.push(Number.isFinite(open) && open > 0 ? { date: d, close: c, open } : { date: d, close: c });
  }
  return bars;
}

/** The 20-day dark pool position (net short volume, shares) per FINRA date up to the as-of date. */
export function toDarkPoolPosition(
  rows: readonly ShortVolumeInput[],
  s: DailySeries,
  asOf: string,
): { date: string; value: number }[] {
  const closes = new Map(s.date.map((d, i) => [d, s.close[i]!]));
  return computeDarkPoolDays(
    rows.filter((r) => r.date <= asOf),
    closes,
  ).flatMap((d) => (d.position === null ? [] : [{ date: d.date, value: d.position }]));
}

/** Sector in the spec's names and market cap = shares outstanding x the as-of close (as traded). */
export function toSignalTicker(e: DirectoryEntry, s: DailySeries, asOf: string): SignalTicker {
  const i = s.date.lastIndexOf(asOf);
  const close = i >= 0 ? s.close[i]! : null;
  const shares = sharesOn(e, asOf);
  const marketcap = shares !== null && close !== null ? shares * close : null;
  return { ticker: e.symbol, sector: toSignalSector(e.symbol, e.sector), marketcap };
}
