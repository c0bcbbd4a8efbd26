/**
 * The schedule table, shared by CDK (EventBridge Scheduler) and the local runtime (croner).
 * Cron fields are minute hour day-of-month month day-of-week, in America/New_York.
 */
export interface ScheduleDef {
  name: string;
  /** Module under functions/src/ exporting `handler`. */
  handler: string;
  cron: string;
  description: string;
  /** Tables the job writes (it may read them too). */
  writes: ReadonlyArray<'app' | 'market' | 'flow'>;
  reads: ReadonlyArray<'app' | 'market' | 'flow'>;
  /** Run once when the local runtime starts if the job's output is missing. */
  runOnLocalStart: boolean;
}

export const schedules: readonly ScheduleDef[] = [
  {
    name: 'sector-performance',
    handler: 'jobs/sector-performance',
    cron: '20 16 * * 1-5',
    description: 'Precompute the Sector Performance snapshot after the close',
    reads: ['market'],
    writes: ['market'],
    runOnLocalStart: true,
  },
];
