import type { DarkPoolRow } from '@tapewatch/shared/schemas/dark-pools';
import type { ShortInterestRow } from '@tapewatch/shared/schemas/short-interest';
import type { SignalRow } from '@tapewatch/shared/schemas/signals';
import { documentClient } from '../../data/client.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import { snapshots } from '../../data/snapshot-catalog.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { overviewRow } from '../../domain/watchlists/overview.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';
import { clockFor } from '../../platform/clock.ts';
import { loadDirectory } from '../tickers/directory-cache.ts';
import { readWatchlist } from './watchlist-service.ts';

/** The latest dark-pool, short-interest and signal tables by ticker; a dataset not ready yet is empty. */
const datasets = memoize(60_000, async () => {
  const repo = new SnapshotRepository(documentClient());
  const [dp, si, sig] = await Promise.all([
    repo.latestOf(snapshots.darkPoolTable).catch(() => null),
    repo.latestOf(snapshots.shortInterest).catch(() => null),
    repo.latestOf(snapshots.signals).catch(() => null),
  ]);
  const darkPool = new Map<string, DarkPoolRow>((dp?.payload.rows ?? []).map((r) => [r.Ticker, r]));
  const shortInterest = new Map<string, ShortInterestRow>((si?.payload.rows ?? []).map((r) => [r.Ticker, r]));
  const signals = new Map<string, SignalRow[]>();
  for (const row of sig?.payload ?? []) signals.set(row.ticker, [...(signals.get(row.ticker) ?? []), row]);
  return { darkPool, shortInterest, signals };
});

export const handler = defineHandler('get_watchlist_overview', async ({ caller, query }) => {
  const list = await readWatchlist(caller!.userId, query.id);
  if (!list) throw new NotFoundError('This watchlist no longer exists. Reload the page to see your lists.');
  const [{ bySymbol }, data] = await Promise.all([loadDirectory(), datasets()]);
  const today = clockFor().today();
  const fromYear = Number(today.slice(0, 4)) - 1;
  const rows = await Promise.all(
    list.tickers.map(async (ticker) => {
      const entry = bySymbol.get(ticker);
      const series = await cachedSeries(ticker, fromYear).catch(() => null);
      const end = series ? series.date.findLastIndex((d) => d <= today) + 1 : 0;
      return overviewRow({
        ticker,
        company: entry?.company ?? '',
        sector: entry?.sector ?? '',
        closes: series ? series.close.slice(Math.max(0, end - 22), end) : [],
        darkPool: data.darkPool.get(ticker),
        shortInterest: data.shortInterest.get(ticker),
        signals: data.signals.get(ticker) ?? [],
      });
    }),
  );
  return { id: list.id, name: list.name, as_of: today, rows };
});
