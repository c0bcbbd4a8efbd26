import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BackfillCheckpoints } from '@tapewatch/functions/data/backfill-checkpoints';
import { documentClient } from '@tapewatch/functions/data/client';
import type { JobCounts } from '@tapewatch/functions/jobs/job-runner';
import { liveBackfillPlan, type BackfillStep } from '@tapewatch/functions/jobs/live-backfill-plan';
import { currentSourceStatuses } from '@tapewatch/functions/platform/data-sources';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { ProviderNetworkError } from '@tapewatch/functions/providers/http';
import type { MarketDataProvider } from '@tapewatch/functions/providers/provider';
import { runJob } from './scheduler.ts';

export interface LiveBackfillOptions {
  today: string;
  /**
   * One provider for the whole backfill, so each vendor's pacing (providers/rate-limit.ts) holds
   * across units instead of restarting with every job run.
   */
  provider: MarketDataProvider;
  db?: DynamoDBDocumentClient;
  /** Ctrl+C: no unit starts after it; the unit in flight is not checkpointed and is redone next time. */
  signal?: AbortSignal;
  /** Units done (run or skipped) of all units, with the step and range being fetched. */
  onProgress?: (done: number, total: number, label: string) => void;
  say?: (line: string) => void;
  /** Shorter histories (tests). */
  plan?: BackfillStep[];
  /** Decides which sources are configured (keys are checked by name only). */
  env?: NodeJS.ProcessEnv;
}

export interface LiveBackfillResult {
  unitsRun: number;
  /** Already checkpointed by an earlier, interrupted backfill. */
  unitsSkipped: number;
  /** Steps left out because their source is not configured (no key), with the source's sentence. */
  unconfigured: string[];
  /** "job from..to: message" per step that stopped on an error (its later units wait for the next start). */
  failures: string[];
  /** The same steps, with what the summary needs to group them (backfillSummary). */
  failedSteps: FailedStep[];
  /** Units fetched from a vendor (precomputes not counted): 0 with failures means nothing got through. */
  unitsFetched: number;
  aborted: boolean;
}

export interface FailedStep {
  job: string;
  /** The step computes from stored data rather than fetching. */
  precompute: boolean;
  /** The request never reached the vendor (DNS, refused connection, timeout): no network, or a proxy. */
  network: boolean;
  message: string;
}

/**
 * The live first-run backfill (issue 27): every step's units in order through the real jobs;
 * a unit already checkpointed is skipped, a finished one is checkpointed after its rows are stored.
 * A step stops at its first failed unit (the vendor is down or the key is wrong; the next start
 * resumes there) and the other steps go on.
 */
export async function runLiveBackfill(opts: LiveBackfillOptions): Promise<LiveBackfillResult> {
  const db = opts.db ?? documentClient();
  const checkpoints = new BackfillCheckpoints(db);
  const plan = opts.plan ?? liveBackfillPlan(opts.today);
  const total = plan.reduce((n, s) => n + s.units.length, 0);
  const result: LiveBackfillResult = {
    unitsRun: 0,
    unitsSkipped: 0,
    unconfigured: [],
    failures: [],
    failedSteps: [],
    unitsFetched: 0,
    aborted: false,
  };
  const notReady = currentSourceStatuses(opts.env ?? process.env).filter((s) => s.state !== 'ready');
  let done = 0;
  const progress = (label: string) => opts.onProgress?.(done, total, label);
  for (const step of plan) {
    const def = schedules.find((s) => s.name === step.job);
    if (!def) throw new Error(`backfill plan names ${step.job}, which is not in the schedule table`);
    const missing = notReady.find((s) => s.source.jobs.includes(step.job));
    if (missing) {
      result.unconfigured.push(`${step.job}: ${missing.source.unavailable}`);
      done += step.units.length;
      progress(`${step.job} skipped`);
      continue;
    }
    const finished = step.precompute ? new Set<string>() : await checkpoints.done(step.job);
    for (const unit of step.units) {
      if (opts.signal?.aborted) {
        result.aborted = true;
        return result;
      }
      const label = `${step.job} ${unit.from}..${unit.to}`;
      if (finished.has(unit.key)) {
        result.unitsSkipped++;
        done++;
        progress(label);
        continue;
      }
      progress(label);
      try {
        const run = (await runJob(def, { from: unit.from, to: unit.to }, { db, provider: opts.provider })) as JobCounts;
        if (!step.precompute) await checkpoints.markDone(step.job, unit.key, run.rowsWritten);
        result.unitsRun++;
        if (!step.precompute) result.unitsFetched++;
        done++;
        progress(label);
      } catch (err) {
        if (opts.signal?.aborted) {
          result.aborted = true;
          return result;
        }
        const message = `${label}: ${(err as Error).message}`;
        result.failures.push(message);
        result.failedSteps.push({
          job: step.job,
          precompute: step.precompute === true,
          network: err instanceof ProviderNetworkError,
          message,
        });
        opts.say?.(`  backfill ${step.precompute ? 'precompute' : 'step'} failed, ${message}`);
        done += step.units.length - step.units.indexOf(unit);
        progress(label);
        break;
      }
    }
  }
  return result;
}
