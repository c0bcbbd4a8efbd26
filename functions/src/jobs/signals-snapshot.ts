import { snapshots } from '../data/snapshot-catalog.ts';

/** Snapshot name of the nightly signals table (the catalog's entry; kept for the job and its tests). */
export const SIGNALS_SNAPSHOT = snapshots.signals.name;
