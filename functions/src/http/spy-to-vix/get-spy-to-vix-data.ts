import type { SpyToVix } from '@tapewatch/shared/schemas/spy-to-vix';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { SPY_TO_VIX_SNAPSHOT } from '../../jobs/spy-to-vix.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

// The snapshot changes once a day; a container serialises it once a minute at most.
const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<SpyToVix>(SPY_TO_VIX_SNAPSHOT);
  if (!snap) throw new NotReadyError('SPY To VIX is being computed. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_spy_to_vix_data', async () => latest());
