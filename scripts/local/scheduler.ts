import { Worker } from 'node:worker_threads';
import { Cron } from 'croner';
import { MARKET_TIME_ZONE } from '@tapewatch/shared/constants';
import type { JobEvent, JobOptions } from '@tapewatch/functions/jobs/job-runner';
import { schedules, type ScheduleDef } from '@tapewatch/functions/platform/schedules';
import { JobLogRepository } from '@tapewatch/functions/data/job-log-repository';
import { documentClient } from '@tapewatch/functions/data/client';
import { addDays } from '@tapewatch/functions/domain/sectors/calendar';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { loadHandler } from './api-router.ts';

interface JobModule {
  run: (event?: JobEvent, opts?: JobOptions) => Promise<unknown>;
}

/**
 * Runs a job as its schedule would, or over a range (backfills, the CLI). Every caller here says a
 * failure on the terminal in one line, so the job's JSON error line (with its stack) is left out.
 */
export async function runJob(def: ScheduleDef, event?: JobEvent, opts?: JobOptions): Promise<unknown> {
  const mod = await loadHandler<JobModule['run']>(def.handler, 'run');
  return mod(event, { ...opts, failureReported: true });
}

/** The same schedule table EventBridge Scheduler runs on AWS, here with croner in New York time. */
export function startSchedules(onError: (name: string, err: unknown) => void): { stop: () => void; jobs: Cron[] } {
  const jobs = schedules
    .filter((def) => !def.awsOnly)
    .map(
      (def) =>
        new Cron(def.cron, { timezone: MARKET_TIME_ZONE, name: def.name, protect: true }, async () => {
          try {
            await runJob(def);
          } catch (err) {
            onError(def.name, err);
          }
        }),
    );
  return { jobs, stop: () => jobs.forEach((j) => j.stop()) };
}

/**
 * Backfills that run on a worker thread, beside the others: the demo's year of options flow is
 * CPU-bound generation (simulator, vendor parser, gzip, summaries), and the other backfills and
 * dynalite all run on the main thread, so on two cores the two lanes overlap instead of adding up.
 */
const WORKER_BACKFILLS: ReadonlySet<string> = new Set(['flow-ingest']);

/**
 * Backfills that read another's output and so start once it is done: the SPY chains (option walls)
 * carry the open interest of the flow's net openings of the days before each chain
 * (domain/options-market/oi-carry.ts); built beside the flow, they would hold whatever days the flow
 * had reached.
 */
const BACKFILL_AFTER: ReadonlyMap<string, string> = new Map([['optionwalls', 'flow-ingest']]);

/**
 * Runs a job's `run` over a range on a worker thread (scripts/local/job-worker.ts, booted by
 * job-worker-boot.mjs, which registers tsx's loader there). Ends the worker when `isStopped` turns
 * true (the runtime is closing).
 */
export function runJobOnWorker(def: ScheduleDef, event: JobEvent, isStopped: () => boolean): Promise<void> {
  const entry = new URL('./job-worker.ts', import.meta.url).href;
  const worker = new Worker(new URL('./job-worker-boot.mjs', import.meta.url), {
    workerData: { entry, handler: def.handler, event },
  });
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => isStopped() && void worker.terminate(), 250);
    poll.unref();
    worker.once('message', (m: { ok: boolean; error?: string }) => (m.ok ? resolve() : reject(new Error(m.error))));
    worker.once('error', reject);
    // After a message this settles nothing; before one, the worker died (terminated, out of memory).
    worker.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`${def.name} worker exited (${code}) before finishing`));
    });
  });
}

/** What a demo backfill reads and runs; tests give their own (scripts/local/scheduler.test.ts). */
export interface BackfillDeps {
  defs: readonly ScheduleDef[];
  today: string;
  markers: Pick<JobLogRepository, 'backfilled' | 'setBackfilled'>;
  run: (def: ScheduleDef, event: JobEvent, onWorker: boolean) => Promise<unknown>;
}

/**
 * On a first start the demo's generated datasets (a year of FINRA short volume and of options flow,
 * 24 short-interest settlements, 60 days of SPY chains) are built in the background while the server
 * already answers; a dataset already at the demo date is left alone, so restarts do nothing. The
 * options flow runs on its own worker thread beside the others (WORKER_BACKFILLS); the SPY chains
 * wait for it (BACKFILL_AFTER).
 */
export async function backfillDemoDatasets(
  say: (line: string) => void,
  isStopped: () => boolean,
  deps: BackfillDeps = {
    defs: schedules,
    today: clockFor().today(),
    markers: new JobLogRepository(documentClient()),
    run: (def, event, onWorker) => (onWorker ? runJobOnWorker(def, event, isStopped) : runJob(def, event)),
  },
): Promise<void> {
  const { defs, today, markers: jobLog } = deps;
  /** Runs the backfill unless its marker covers the range; true when it ran (and so changed what dependents read). */
  const backfill = async (def: ScheduleDef, onWorker: boolean, inputChanged: boolean): Promise<boolean> => {
    if (isStopped() || def.demoBackfillDays === null) return false;
    const from = addDays(today, -def.demoBackfillDays + 1);
    // A backfill records its own marker: a dataset's as-of can rightly stay behind the demo date
    // (short interest settles twice a month), so the dataset alone cannot tell that it is done. The
    // marker keeps the range too: a data directory backfilled over a shorter range (60 days of flow
    // before the year) is extended on its next start; jobs are idempotent, so redone days change nothing.
    // A dataset built from another's output is redone whenever that input was (re)built in this start:
    // SPY chains carried over 5 days of flow are not those carried over the year.
    const done = await jobLog.backfilled(def.name);
    if (!inputChanged && done && done.to === today && done.from !== null && done.from <= from) return false;
    const started = performance.now();
    say(`  backfilling ${def.name} ${from}..${today} in the background${onWorker ? ' (worker thread)' : ''}...`);
    try {
      await deps.run(def, { from, to: today }, onWorker);
      await jobLog.setBackfilled(def.name, from, today);
      say(`  backfilled ${def.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (err) {
      if (!isStopped()) say(`  backfill of ${def.name} failed: ${(err as Error).message}`);
    }
    return true;
  };
  const finished = new Map<string, Promise<boolean>>();
  const start = (def: ScheduleDef, onWorker: boolean): Promise<boolean> => {
    const after = BACKFILL_AFTER.get(def.name);
    const run = (after ? (finished.get(after) ?? Promise.resolve(false)) : Promise.resolve(false)).then((inputRan) =>
      backfill(def, onWorker, inputRan),
    );
    finished.set(def.name, run);
    return run;
  };
  const workerLane = defs.filter((d) => WORKER_BACKFILLS.has(d.name)).map((def) => start(def, true));
  // A backfill that waits for another goes last in its lane, so the ones that need not wait go first.
  const mainDefs = defs.filter((d) => !WORKER_BACKFILLS.has(d.name));
  const mainLane = async () => {
    for (const def of [
      ...mainDefs.filter((d) => !BACKFILL_AFTER.has(d.name)),
      ...mainDefs.filter((d) => BACKFILL_AFTER.has(d.name)),
    ])
      await start(def, false);
  };
  await Promise.all([mainLane(), ...workerLane]);
}
