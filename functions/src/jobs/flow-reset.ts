import { FlowRepository } from '../data/flow-repository.ts';
import { clockFor } from '../platform/clock.ts';
import { FlowFanout } from './flow-live.ts';
import { rangeOf, runLogged, type JobEvent, type JobOptions } from './job-runner.ts';

/**
 * The daily reset (04:00 New York): clears the live trades of the current day and tells every
 * client to reload (database_cleared). With real data the new day starts empty anyway; in demo
 * mode the date is pinned, so this is what restarts the simulated session.
 */
export async function runFlowReset(event?: JobEvent, opts: JobOptions = {}) {
  const { from, to } = rangeOf(event, clockFor().today());
  return runLogged(
    'flow-reset',
    from,
    to,
    async (ctx) => {
      const removed = await new FlowRepository(ctx.db).clearLive(to);
      await new FlowFanout(ctx.db).cleared();
      return { rowsRead: removed, rowsWritten: 0, rowsSkipped: 0 };
    },
    opts,
  );
}

export const handler = (event?: JobEvent) => runFlowReset(event);
export const run = runFlowReset;
