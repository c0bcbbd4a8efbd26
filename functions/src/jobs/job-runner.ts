import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../data/client.ts';
import { JobLogRepository, type JobRun } from '../data/job-log-repository.ts';
import { createLogger, errorFields, type Logger } from '../lib/log.ts';
import { clockFor, type Clock } from '../platform/clock.ts';
import type { MarketDataProvider } from '../providers/provider.ts';
import { asOfAgeDays, emitJobMetric } from './job-metrics.ts';
import { schedules } from '../platform/schedules.ts';

export interface JobCounts {
  rowsRead: number;
  rowsWritten: number;
  rowsSkipped: number;
}

export interface JobContext {
  db: DynamoDBDocumentClient;
  provider?: MarketDataProvider;
  clock: Clock;
  log: Logger;
  /** Reports progress over the dates of the run (the CLI draws a bar from it). */
  progress(done: number, total: number, label: string): void;
}

/** What a scheduled job receives: EventBridge sends nothing; the CLI and backfills send a range. */
export interface JobEvent {
  from?: string;
  to?: string;
}

export interface JobOptions {
  onProgress?: (done: number, total: number, label: string) => void;
  db?: DynamoDBDocumentClient;
  /** Replaces the configured provider (tests: a vendor that fails or sends a bad file). */
  provider?: MarketDataProvider;
  /**
   * The caller tells a person about a failure in its own words (the local runtime's terminal, the
   * ingest CLI): no JSON error line then. The job log records the run either way; on AWS the JSON
   * line is what CloudWatch keeps, so Lambda never sets this.
   */
  failureReported?: boolean;
}

/**
 * Runs a job with its run recorded in the job log (start, end, status, row counts). A failure is
 * recorded and rethrown, so the scheduler retries and the CLI exits non-zero; jobs write only
 * after their inputs parsed, so a failed run leaves the previous data as it was.
 */
export async function runLogged(
  job: string,
  from: string,
  to: string,
  work: (ctx: JobContext) => Promise<JobCounts>,
  opts: JobOptions = {},
): Promise<JobRun> {
  const db = opts.db ?? documentClient();
  const jobLog = new JobLogRepository(db);
  const log = createLogger({ job, from, to });
  const run = await jobLog.start(job, from, to);
  const clock = clockFor();
  try {
    const counts = await work({
      db,
      clock,
      log,
      progress: opts.onProgress ?? (() => {}),
      ...(opts.provider ? { provider: opts.provider } : {}),
    });
    const done: JobRun = { ...run, ...counts, status: 'succeeded', endedAt: new Date().toISOString() };
    await jobLog.save(done);
    log.info('job succeeded', { ...counts });
    await reportFreshness(jobLog, job, clock.today(), log);
    return done;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await jobLog.save({ ...run, status: 'failed', endedAt: new Date().toISOString(), error: message.slice(0, 500) });
    if (!opts.failureReported) log.error('job failed', errorFields(err));
    throw err;
  }
}

/**
 * On AWS, after a success: how old the job's dataset now is (job-metrics.ts; the stale-data and
 * did-not-run alarms watch it). Skipped elsewhere, and a failure here never fails the job.
 */
async function reportFreshness(jobLog: JobLogRepository, job: string, today: string, log: Logger): Promise<void> {
  if (!process.env.AWS_LAMBDA_FUNCTION_NAME) return;
  try {
    const dataset = schedules.find((s) => s.name === job)?.dataset;
    emitJobMetric({ job, ageDays: dataset ? asOfAgeDays(await jobLog.datasetAsOf(dataset), today) : 0 });
  } catch (err) {
    log.warn('job freshness metric failed', errorFields(err));
  }
}

/** The dates a run covers: the event's range, else `defaultRange` around the clock's today. */
export function rangeOf(
  event: JobEvent | undefined,
  today: string,
  defaultFrom: (today: string) => string = (t) => t,
): { from: string; to: string } {
  const to = event?.to ?? event?.from ?? today;
  const from = event?.from ?? defaultFrom(to);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) {
    throw new Error(`invalid date range ${from}..${to}: use YYYY-MM-DD with from <= to`);
  }
  return { from, to };
}
