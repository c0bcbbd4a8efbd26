import {
  DATA_SOURCES,
  type DataSource,
  providerInUse,
  type SourceStatus,
  sourceStatuses,
  unavailableSourcesOf,
} from '@tapewatch/shared/api/data-sources';
import type { RouteName } from '@tapewatch/shared/api/routes';
import { documentClient } from '../data/client.ts';
import { JobLogRepository } from '../data/job-log-repository.ts';
import { ServiceUnavailableError } from '../lib/errors.ts';
import { memoize } from '../lib/memo.ts';
import { dataMode } from './clock.ts';

/**
 * The sources of this process's configuration (keys are checked by name; values are never read
 * out). On AWS only a provider's jobs hold its key; the other functions learn from
 * TAPEWATCH_CONFIGURED_KEYS (names, set by CDK) that the operator configured it.
 */
export function currentSourceStatuses(env: NodeJS.ProcessEnv = process.env): SourceStatus[] {
  const configured = new Set((env.TAPEWATCH_CONFIGURED_KEYS ?? '').split(',').map((k) => k.trim()));
  return sourceStatuses(dataMode(env), (key) => (env[key]?.trim() ?? '') !== '' || configured.has(key), env);
}

// One read of the latest runs per container every few seconds, not one per request. The clock is
// read through Date on each call so that a test moving the wall clock moves it too.
const failedJobs = memoize(5_000, loadFailedJobs, () => Date.now());

async function loadFailedJobs(): Promise<Set<string>> {
  const repo = new JobLogRepository(documentClient());
  const jobs = [...new Set(DATA_SOURCES.flatMap((s) => s.jobs))];
  const runs = await Promise.all(jobs.map((j) => repo.latest(j)));
  return new Set(jobs.filter((_, i) => runs[i]?.status === 'failed'));
}

/**
 * Live mode only: refuses a route whose source cannot serve it (no key, no live adapter) with the
 * source's own sentence, and one whose source's latest ingest failed, so the screen says what is
 * missing instead of showing stale or demo data.
 */
export async function assertSourcesAvailable(route: RouteName, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (dataMode(env) !== 'live') return;
  const statuses = currentSourceStatuses(env);
  const missing: DataSource[] = unavailableSourcesOf(route, statuses);
  if (missing.length > 0) throw new ServiceUnavailableError(missing.map((s) => s.unavailable).join(' '));
  const feeding = statuses.filter((s) => s.source.jobs.length > 0 && s.source.routes.includes(route));
  if (feeding.length === 0) return;
  const failed = await failedJobs();
  const broken = feeding.filter((s) => s.source.jobs.some((j) => failed.has(j))).map((s) => s.source);
  if (broken.length > 0) {
    const failures = broken.map(
      (s) => `The last update from ${providerInUse(s, env)} failed, so this screen is not shown rather than old data.`,
    );
    throw new ServiceUnavailableError(
      `${failures.join(' ')} It comes back after the next successful update (see the data status page).`,
    );
  }
}
