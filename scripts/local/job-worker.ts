import { parentPort, workerData } from 'node:worker_threads';
import type { JobEvent } from '@tapewatch/functions/jobs/job-runner';

/**
 * Worker-thread entry of a backfill (scheduler.ts runJobOnWorker): runs one job module's `run` over
 * a range against the runtime's DynamoDB endpoint (inherited in process.env) and reports back. The
 * job code is the same as on Lambda; only the thread differs.
 */
const { handler, event } = workerData as { handler: string; event: JobEvent };
try {
  const mod = (await import(new URL(`../../functions/src/${handler}.ts`, import.meta.url).href)) as {
    run: (event?: JobEvent) => Promise<unknown>;
  };
  await mod.run(event);
  parentPort!.postMessage({ ok: true });
} catch (err) {
  parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
}
