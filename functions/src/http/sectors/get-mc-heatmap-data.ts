import type { McHeatmapData } from '@tapewatch/shared/schemas/sector-rotation';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { MC_HEATMAP_SNAPSHOT } from '../../jobs/sector-rotation.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<McHeatmapData>(MC_HEATMAP_SNAPSHOT);
  if (!snap) throw new NotReadyError('The market map is being computed. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_mc_heatmap_data', async () => latest());
