import { documentClient } from '../../data/client.ts';
import { JobLogRepository } from '../../data/job-log-repository.ts';
import { schedules } from '../../platform/schedules.ts';
import { defineHandler } from '../../lib/http.ts';
import { memoize } from '../../lib/memo.ts';
import { dataMode } from '../../platform/clock.ts';
import { currentSourceStatuses } from '../../platform/data-sources.ts';

/**
 * Each data source and whether it can serve its screens, the as-of date of each dataset and the
 * last run of each job, for users and operators.
 */
export const handler = defineHandler('get_data_status', async () => status());

// A few seconds of staleness is fine for a status page and keeps it one read per container.
const status = memoize(5_000, loadStatus, () => Date.now());

async function loadStatus() {
  const repo = new JobLogRepository(documentClient());
  const [datasets, runs] = await Promise.all([repo.datasets(), Promise.all(schedules.map((s) => repo.latest(s.name)))]);
  return {
    data_mode: dataMode(),
    sources: currentSourceStatuses().map(({ source, state }) => ({
      source: source.id,
      name: source.name,
      provider: source.provider,
      env_key: source.envKey,
      cost: source.cost,
      terms: source.terms,
      state,
      screens: [...source.screens],
      unavailable: source.unavailable,
    })),
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
