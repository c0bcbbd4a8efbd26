import {
  ROTATION_FACTORS,
  ROTATION_INDICES,
  ROTATION_LOOKBACKS,
  type McHeatmapData,
  type RotationIndex,
  type SectorRotationData,
} from '@tapewatch/shared/schemas/sector-rotation';
import { documentClient } from '../data/client.ts';
import { DirectoryRepository } from '../data/directory-repository.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { TimeSeriesRepository, totalReturnCloses, type DailySeries } from '../data/timeseries-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { marketMapRows } from '../domain/sector-rotation/market-map.ts';
import { sharesOn } from '../domain/tickers/shares.ts';
import { comboKey, rotationResponse, tickerFactors, type RotationInput } from '../domain/sector-rotation/rotation.ts';
import { weeklyCloses } from '../domain/sector-rotation/weekly.ts';
import { clockFor } from '../platform/clock.ts';
import { runLogged, type JobOptions } from './job-runner.ts';

export const SECTOR_ROTATION_SNAPSHOT = snapshots.sectorRotation.name;
export const MC_HEATMAP_SNAPSHOT = snapshots.mcHeatmap.name;
export const ROTATION_BENCHMARK: Record<RotationIndex, string> = { sp500: 'SPY', nasdaq100: 'QQQ' };

/** Every (index, lookback, factor) response, keyed by comboKey: the handler is a lookup. */
export type SectorRotationSnapshot = Record<string, SectorRotationData>;

/** Clips a series to the as-of date (a later file must not leak into a backfill of an earlier day). */
function upTo(s: DailySeries, asOf: string): DailySeries {
  const end = s.date.findLastIndex((d) => d <= asOf) + 1;
  return {
    ...s,
    date: s.date.slice(0, end),
    close: s.close.slice(0, end),
    adjClose: s.adjClose?.slice(0, end) ?? null,
  };
}

const CONCURRENCY = 8;

/**
 * Precomputes Sector Rotation (all 36 parameter combinations) and the Market Map from the stored
 * daily bars after the prices job. Idempotent per as-of date.
 */
export async function runSectorRotationJob(opts: JobOptions = {}) {
  const today = clockFor().today();
  return runLogged(
    'sector-rotation',
    today,
    today,
    async ({ db, log }) => {
      const repo = new TimeSeriesRepository(db);
      // 52-week lookback + the tail + the mean window fit in the last two calendar years.
      const fromYear = Number(today.slice(0, 4)) - 2;
      const members = (await new DirectoryRepository(db).all()).filter(
        (e) => e.kind === 'stock' && (e.in_sp500 || e.in_nasdaq100),
      );
      const series = new Map<string, DailySeries>();
      for (let i = 0; i < members.length; i += CONCURRENCY) {
        const batch = members.slice(i, i + CONCURRENCY);
        const got = await Promise.all(batch.map((m) => repo.getSeries(m.symbol, fromYear)));
        batch.forEach((m, j) => series.set(m.symbol, upTo(got[j]!, today)));
      }
      const payload: SectorRotationSnapshot = {};
      let asOf = today;
      for (const index of ROTATION_INDICES) {
        const benchmark = ROTATION_BENCHMARK[index];
        const b = upTo(await repo.getSeries(benchmark, fromYear), today);
        if (b.date.length === 0)
          throw new Error(`No ${benchmark} history on or before ${today}; load market data first.`);
        asOf = b.date.at(-1)!;
        const bench = weeklyCloses(b.date, totalReturnCloses(b));
        const inputs: RotationInput[] = members
          .filter((m) => (index === 'sp500' ? m.in_sp500 : m.in_nasdaq100))
          .flatMap((m) => {
            const s = series.get(m.symbol)!;
            if (s.date.length === 0) return [];
            return [
              {
                ticker: m.symbol,
                name: m.company,
                sector: m.sector,
                weekly: weeklyCloses(s.date, totalReturnCloses(s)),
                close: s.close.at(-1)!,
                date: s.date.at(-1)!,
              },
            ];
          });
        for (const lookback of ROTATION_LOOKBACKS) {
          const factors = tickerFactors(inputs, bench, lookback);
          for (const factor of ROTATION_FACTORS) {
            payload[comboKey(index, lookback, factor)] = rotationResponse(factors, {
              asOf,
              index,
              benchmark,
              lookback,
              factor,
            });
          }
        }
      }
      const map: McHeatmapData = {
        as_of: asOf,
        market_cap_is_estimate: members.some((m) => m.shares_outstanding_is_estimate),
        data: marketMapRows(
          members
            .filter((m) => m.in_sp500)
            .map((m) => {
              const s = series.get(m.symbol)!;
              return {
                ticker: m.symbol,
                company: m.company,
                sector: m.sector,
                sharesOutstanding: sharesOn(m, asOf),
                ...(m.share_class_of ? { shareClassOf: m.share_class_of } : {}),
                dates: s.date,
                closes: s.close,
              };
            }),
          asOf,
        ),
      };
      const snapshots = new SnapshotRepository(db);
      await snapshots.put(SECTOR_ROTATION_SNAPSHOT, asOf, payload);
      await snapshots.put(MC_HEATMAP_SNAPSHOT, asOf, map);
      await new JobLogRepository(db).setDatasetAsOf(SECTOR_ROTATION_SNAPSHOT, asOf);
      log.info('snapshots written', { asOf, tickers: members.length, mapRows: map.data.length });
      const rowsRead = [...series.values()].reduce((n, s) => n + s.date.length, 0);
      return { rowsRead, rowsWritten: 2, rowsSkipped: 0 };
    },
    { ...opts, db: opts.db ?? documentClient() },
  );
}

export const handler = () => runSectorRotationJob();
export const run = (_event?: unknown, opts?: JobOptions) => runSectorRotationJob(opts);
