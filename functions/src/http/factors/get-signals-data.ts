import type { SignalsData } from '@tapewatch/shared/schemas/signals';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { SIGNALS_SNAPSHOT } from '../../jobs/signals-snapshot.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<SignalsData>(SIGNALS_SNAPSHOT);
  if (!snap) throw new NotReadyError('The signals table is being computed. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_signals_data', async () => latest());
