import type { DarkPoolData, DarkPoolIndividual, DarkPoolTopColumn } from '@tapewatch/shared/schemas/dark-pools';
import { documentClient } from '../../data/client.ts';
import { snapshots } from '../../data/snapshot-catalog.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { emptyDarkPoolIndividual, orderDarkPoolRows } from '../../domain/dark-pools/dark-pool-metrics.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { jsonText, type JsonText } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { memoize } from '../../lib/memo.ts';

/**
 * The table snapshot changes once a day (18:00 job): each container keeps it, with every
 * requested ordering pre-serialised (at most 12), for a minute.
 */
const table = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latestOf(snapshots.darkPoolTable);
  if (!snap) throw new NotReadyError(snapshots.darkPoolTable.notReady);
  return { snapshot: snap.payload, orders: new Map<string, JsonText<DarkPoolData>>() };
});

export async function darkPoolTable(top: DarkPoolTopColumn, minmax: 'asc' | 'desc'): Promise<JsonText<DarkPoolData>> {
  const { snapshot, orders } = await table();
  const key = `${top}|${minmax}`;
  let body = orders.get(key);
  if (!body) {
    body = jsonText<DarkPoolData>({
      as_of: snapshot.as_of,
      top,
      minmax,
      data: orderDarkPoolRows(snapshot.rows, top, minmax),
    });
    orders.set(key, body);
  }
  return body;
}

const individual = new TtlLru<JsonText<DarkPoolIndividual>>(256, 60_000);

/** A ticker's snapshot; a known ticker without FINRA rows gets the empty payload (empty state). */
export function darkPoolIndividual(ticker: string): Promise<JsonText<DarkPoolIndividual>> {
  return individual.get(ticker, async () => {
    await table(); // no table yet = the ingest has not finished: 503, not a misleading "no data"
    const snap = await new SnapshotRepository(documentClient()).latestOf(snapshots.darkPoolIndividual(ticker));
    return jsonText(snap?.payload ?? emptyDarkPoolIndividual(ticker));
  });
}
