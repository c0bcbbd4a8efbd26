import { DirectoryRepository } from '../data/directory-repository.ts';
import { SnapshotRepository } from '../data/snapshot-repository.ts';
import { snapshots } from '../data/snapshot-catalog.ts';
import { buildShortInterestSnapshot, type SettlementPoint } from '../domain/short-interest/short-interest-table.ts';
import type { JobContext } from './job-runner.ts';

export const SHORT_INTEREST_SNAPSHOT = snapshots.shortInterest.name;

/**
 * Writes the Short Interest table of one settlement date (the newest a run ingested) as a
 * snapshot keyed by that date, so get_short_interest is one cached read. Idempotent: the same
 * settlement rewrites the same rows; an older settlement re-ingested later never replaces the
 * newest, because readers take the highest as-of.
 */
export async function precomputeShortInterestTable(
  ctx: Pick<JobContext, 'db' | 'log'>,
  settlementDate: string,
  rowsByTicker: ReadonlyMap<string, readonly SettlementPoint[]>,
): Promise<void> {
  const latest = new Map<string, SettlementPoint>();
  for (const [ticker, points] of rowsByTicker) {
    const point = points.find((p) => p.date === settlementDate);
    if (point) latest.set(ticker, point);
  }
  const directory = await new DirectoryRepository(ctx.db).all();
  const snapshot = buildShortInterestSnapshot(settlementDate, latest, directory);
  await new SnapshotRepository(ctx.db).put(SHORT_INTEREST_SNAPSHOT, settlementDate, snapshot);
  ctx.log.info('short interest table written', { asOf: settlementDate, rows: snapshot.rows.length });
}
