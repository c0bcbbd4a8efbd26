import {
  type DataSource,
  type SourceStatus,
  sourceStatuses,
  unavailableSourcesOf,
} from '@tapewatch/shared/api/data-sources';
import type { RouteName } from '@tapewatch/shared/api/routes';
import { ServiceUnavailableError } from '../lib/errors.ts';
import { dataMode } from './clock.ts';

/** The sources of this process's configuration (keys are checked by name; values are never read out). */
export function currentSourceStatuses(env: NodeJS.ProcessEnv = process.env): SourceStatus[] {
  return sourceStatuses(dataMode(env), (key) => (env[key]?.trim() ?? '') !== '');
}

/**
 * Live mode only: refuses a route whose source cannot serve it (no key, no live adapter) with the
 * source's own sentence, so the screen says what is missing instead of showing stale or demo data.
 */
export function assertSourcesAvailable(route: RouteName, env: NodeJS.ProcessEnv = process.env): void {
  if (dataMode(env) !== 'live') return;
  const missing: DataSource[] = unavailableSourcesOf(route, currentSourceStatuses(env));
  if (missing.length > 0) throw new ServiceUnavailableError(missing.map((s) => s.unavailable).join(' '));
}
