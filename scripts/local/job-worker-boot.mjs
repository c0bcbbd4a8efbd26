// Boots a backfill worker thread (scheduler.ts runJobOnWorker): a worker does not inherit the main
// thread's loader hooks, so tsx's is registered here before the TypeScript entry is imported. A
// plain .mjs file (not a data: URL) so that 'tsx/esm/api' resolves from this repository's node_modules
// in every host: `npm start` (tsx), `node --import tsx` (the bench) and vitest's global setup.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
