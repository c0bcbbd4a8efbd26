import { snapshots } from '../../data/snapshot-catalog.ts';
import { snapshotHandler } from '../snapshot-handler.ts';

/** The screen is fixed to SPY (spec 2.4). */
export const handler = snapshotHandler('get_option_walls', snapshots.optionWalls('SPY'));
