import type { SourceState } from '@tapewatch/shared/api/data-sources';

/** The part of a job run (data/job-log-repository.ts) a source's health is read from. */
export interface RunOutcome {
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  endedAt: string | null;
  error: string | null;
}

export type SourceHealthState = SourceState | 'failing' | 'pending';

export interface SourceHealth {
  state: SourceHealthState;
  /** failing: when the current run of failures began (the first failed run after the last success). */
  since: string | null;
  /** failing: the error of the latest failed run. */
  error: string | null;
  /** When a run of one of the source's jobs last succeeded. */
  lastSuccessAt: string | null;
}

/**
 * A source's health from its configuration and the recent runs of its jobs (each list newest
 * first, as the job log returns them): a configured source is ready only when the latest finished
 * run of each job that has run succeeded; failing since the first failure after its last success
 * when one job's latest finished run failed; pending before any run finished. A run in progress
 * changes nothing: the previous outcome still stands. When every run in the window failed, `since`
 * is the oldest failure in it (the window is long enough to span weeks of daily runs).
 */
export function sourceHealth(
  configured: SourceState,
  jobs: readonly string[],
  recentRuns: (job: string) => readonly RunOutcome[],
): SourceHealth {
  const base: SourceHealth = { state: configured, since: null, error: null, lastSuccessAt: null };
  if (configured !== 'ready') return base;
  let failing = null as { since: string; error: string; at: string } | null;
  let lastSuccessAt: string | null = null;
  for (const job of jobs) {
    const finished = recentRuns(job).filter((r) => r.status !== 'running');
    const success = finished.find((r) => r.status === 'succeeded');
    const successAt = success ? (success.endedAt ?? success.startedAt) : null;
    if (successAt && (!lastSuccessAt || successAt > lastSuccessAt)) lastSuccessAt = successAt;
    const latest = finished[0];
    if (latest?.status !== 'failed') continue;
    const streak = success ? finished.slice(0, finished.indexOf(success)) : finished;
    const since = streak.at(-1)!.startedAt;
    const error = latest.error ?? 'the run failed without a message';
    if (!failing) failing = { since, error, at: latest.startedAt };
    else {
      // The source fails since its earliest failing job; the message is the newest failure's.
      const newer: boolean = latest.startedAt > failing.at;
      failing = {
        since: since < failing.since ? since : failing.since,
        error: newer ? error : failing.error,
        at: newer ? latest.startedAt : failing.at,
      };
    }
  }
  if (failing) return { state: 'failing', since: failing.since, error: failing.error, lastSuccessAt };
  return { state: lastSuccessAt || jobs.length === 0 ? 'ready' : 'pending', since: null, error: null, lastSuccessAt };
}
