import type { ClustersTable } from '@tapewatch/shared/schemas/clusters';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { CLUSTERS_TABLE_SNAPSHOT } from '../../jobs/clusters-table.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<ClustersTable>(CLUSTERS_TABLE_SNAPSHOT);
  if (!snap) throw new NotReadyError('The clusters table is being computed. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_clusters_table_data', async () => latest());
