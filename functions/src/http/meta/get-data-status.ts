import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { documentClient } from '../../data/client.ts';
import { sourceHealth } from '../../domain/data-status/source-health.ts';
import { JobLogRepository } from '../../data/job-log-repository.ts';
import { schedules } from '../../platform/schedules.ts';
import { defineHandler } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';
import { dataMode } from '../../platform/clock.ts';
import { currentSourceStatuses } from '../../platform/data-sources.ts';

/**
 * Runs read per source job: enough to find where a run of failures began for weeks of daily runs
 * (flow-live-poll runs each minute in market hours: a longer streak shows the window's oldest).
 */
const RECENT_RUNS = 50;

/**
 * Each data source and whether it can serve its screens (from its configuration and its jobs' last runs), the as-of date of each dataset and the
 * last run of each job, for users and operators.
 */
export const handler = defineHandler('get_data_status', async () => status());

// A few seconds of staleness is fine for a status page and keeps it one read per container.
const status = memoize(5_000, loadStatus, () => Date.now());

async function loadStatus() {
  const repo = new JobLogRepository(documentClient());
  const sourceJobs = [...new Set(DATA_SOURCES.flatMap((s) => s.jobs))];
  const [datasets, recent] = await Promise.all([
    repo.datasets(),
    Promise.all(sourceJobs.map(async (job) => [job, await repo.recent(job, RECENT_RUNS)] as const)),
  ]);
  const recentRuns = new Map(recent);
  const runs = await Promise.all(schedules.map((s) => recentRuns.get(s.name)?.[0] ?? repo.latest(s.name)));
  return {
    data_mode: dataMode(),
    sources: currentSourceStatuses().map(({ source, state, envKey }) => {
      const health = sourceHealth(state, source.jobs, (job) => recentRuns.get(job) ?? []);
      return {
        source: source.id,
        name: source.name,
        provider: source.provider,
        env_key: envKey,
        cost: source.cost,
        terms: source.terms,
        state: health.state,
        since: health.since,
        error: health.error,
        last_success_at: health.lastSuccessAt,
        screens: [...source.screens],
        unavailable: source.unavailable,
      };
    }),
    datasets: datasets.map((d) => ({ dataset: d.dataset, as_of: d.asOf, updated_at: d.updatedAt })),
    jobs: schedules.map((s, i) => {
      const r = runs[i];
      return {
        job: s.name,
        schedule: `${s.cron} America/New_York`,
        description: s.description,
        last_run: r
          ? {
              status: r.status,
              from: r.from,
              to: r.to,
              started_at: r.startedAt,
              ended_at: r.endedAt,
              rows_read: r.rowsRead,
              rows_written: r.rowsWritten,
              rows_skipped: r.rowsSkipped,
              error: r.error,
            }
          : null,
      };
    }),
  };
}
