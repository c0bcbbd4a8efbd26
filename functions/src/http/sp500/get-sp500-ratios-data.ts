import { snapshots } from '../../data/snapshot-catalog.ts';
import { snapshotHandler } from '../snapshot-handler.ts';

// The snapshot holds all 36 datasets: each is serialised on its first request, not all on every reload.
export const handler = snapshotHandler('get_sp500_ratios_data', snapshots.sp500Ratios, {
  key: (query) => query.dataset,
  select: (payload, dataset) => payload.datasets[dataset as keyof typeof payload.datasets],
});
