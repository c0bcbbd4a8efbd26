import type { OptionWalls } from '@tapewatch/shared/schemas/optionwalls';
import { documentClient } from '../../data/client.ts';
import { SnapshotRepository } from '../../data/snapshot-repository.ts';
import { optionWallsSnapshot } from '../../jobs/option-walls-precompute.ts';
import { NotReadyError } from '../../lib/errors.ts';
import { defineHandler, jsonText } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';

/** The screen is fixed to SPY (spec 2.4). */
const UNDERLYING = 'SPY';

const latest = memoize(60_000, async () => {
  const snap = await new SnapshotRepository(documentClient()).latest<OptionWalls>(optionWallsSnapshot(UNDERLYING));
  if (!snap) throw new NotReadyError('Option walls are being computed from the option chains. Please try again in a minute.');
  return jsonText(snap.payload);
});

export const handler = defineHandler('get_option_walls', async () => latest());
