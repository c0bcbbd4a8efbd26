import { AlertHistoryRepository } from '../data/alert-history-repository.ts';
import { clockFor } from '../platform/clock.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';

/**
 * Deletes fired alerts older than 90 days. On AWS DynamoDB's TTL does this (the reads already skip
 * expired items); dynalite has no TTL, so the local runtime needs the job. Harmless on AWS.
 */
export async function runAlertHistoryCleanup(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today());
  return runLogged(
    'alert-history-cleanup',
    from,
    to,
    async (ctx) => {
      const deleted = await new AlertHistoryRepository(ctx.db).deleteExpired();
      return { rowsRead: deleted, rowsWritten: deleted, rowsSkipped: 0 };
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runAlertHistoryCleanup(event);
export const run = runAlertHistoryCleanup;
