import { Cron } from 'croner';
import { MARKET_TIME_ZONE } from '@tapewatch/shared/constants';
import { schedules, type ScheduleDef } from '@tapewatch/functions/jobs/schedules';
import { loadHandler } from './api-router.ts';

type JobHandler = () => Promise<unknown>;

export async function runJob(def: ScheduleDef): Promise<unknown> {
  const handler = await loadHandler<JobHandler>(def.handler);
  return handler();
}

/** The same schedule table EventBridge Scheduler runs on AWS, here with croner in New York time. */
export function startSchedules(onError: (name: string, err: unknown) => void): { stop: () => void; jobs: Cron[] } {
  const jobs = schedules.map(
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
