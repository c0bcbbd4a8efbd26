import { snapshots } from '../../data/snapshot-catalog.ts';
import { snapshotHandler } from '../snapshot-handler.ts';

export const handler = snapshotHandler('get_signals_data', snapshots.signals);
