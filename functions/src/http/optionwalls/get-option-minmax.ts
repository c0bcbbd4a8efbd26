import type { OptionMinmax } from '@tapewatch/shared/schemas/optionwalls';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { optionMinmaxSnapshot } from '../../jobs/option-walls-precompute.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

const UNDERLYING = 'SPY';

const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<OptionMinmax>(optionMinmaxSnapshot(UNDERLYING));
  if (!snap) throw new NotReadyError('The option min/max series is being computed. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_option_minmax', async () => latest());
