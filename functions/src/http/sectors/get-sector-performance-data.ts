import type { SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { SECTOR_PERFORMANCE_SNAPSHOT } from '../../jobs/sector-performance.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<SectorPerformance>(SECTOR_PERFORMANCE_SNAPSHOT);
  if (!snap) throw new NotReadyError('Sector performance is being computed. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_sector_performance_data', async () => latest());
