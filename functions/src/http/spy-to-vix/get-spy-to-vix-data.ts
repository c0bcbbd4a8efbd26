import { snapshots } from '../../data/snapshot-catalog.ts';
import { snapshotHandler } from '../snapshot-handler.ts';

export const handler = snapshotHandler('get_spy_to_vix_data', snapshots.spyToVix);
