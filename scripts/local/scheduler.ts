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

/** Runs a job as its schedule would, or over a range (backfills, the CLI). */
export async function runJob(def: ScheduleDef, event?: JobEvent, opts?: JobOptions): Promise<unknown> {
  const mod = await loadHandler<JobModule['run']>(def.handler, 'run');
  return mod(event, opts);
}

/** The same schedule table EventBridge Scheduler runs on AWS, here with croner in New York time. */
export function startSchedules(onError: (name: string, err: unknown) => void): { stop: () => void; jobs: Cron[] } {
  const jobs = schedules.filter((def) => !def.awsOnly).map(
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
 * On a first start the demo's generated datasets (a year of FINRA short volume, 24 short-interest
 * settlements, 60 days of SPY chains) are built in the background while the server already
 * answers; a dataset already at the demo date is left alone, so restarts do nothing.
 */
export async function backfillDemoDatasets(say: (line: string) => void, isStopped: () => boolean): Promise<void> {
  const today = clockFor().today();
  const jobLog = new JobLogRepository(documentClient());
  for (const def of schedules) {
    if (isStopped()) return;
    // A backfill records its own marker: a dataset's as-of can rightly stay behind the demo date
    // (short interest settles twice a month), so the dataset alone cannot tell that it is done.
    if (def.demoBackfillDays === null || (await jobLog.backfilledTo(def.name)) === today) continue;
    const from = addDays(today, -def.demoBackfillDays + 1);
    const started = performance.now();
    say(`  backfilling ${def.name} ${from}..${today} in the background...`);
    try {
      await runJob(def, { from, to: today });
      await jobLog.setBackfilledTo(def.name, today);
      say(`  backfilled ${def.name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (err) {
      if (!isStopped()) say(`  backfill of ${def.name} failed: ${(err as Error).message}`);
    }
  }
}
