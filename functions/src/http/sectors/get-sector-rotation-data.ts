import { snapshots } from '../../data/snapshot-catalog.ts';
import { comboKey } from '../../domain/sector-rotation/rotation.ts';
import { snapshotHandler } from '../snapshot-handler.ts';

/** The snapshot holds all 36 answers; each is serialised once per container and load. */
export const handler = snapshotHandler('get_sector_rotation_data', snapshots.sectorRotation, {
  key: (query) => comboKey(query.index, query.lookback, query.factor),
  select: (payload, key) => payload[key],
});
