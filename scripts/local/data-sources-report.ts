import type { SourceStatus } from '@tapewatch/shared/api/data-sources';

const STATE_LABEL = {
  demo: 'demo generator',
  ready: 'ready',
  missing_key: 'KEY MISSING',
  no_live_adapter: 'NOT WIRED',
} as const;

/**
 * The live-mode start-up check, one line per source and, for each source that cannot serve, what
 * its screens will say, so a user sees at once which keys to set.
 */
export function dataSourcesReport(statuses: readonly SourceStatus[]): string[] {
  const lines = ['  market data    live; sources:'];
  for (const { source, state, envKey } of statuses) {
    const key = envKey ? `needs ${envKey}` : 'no key';
    lines.push(`    ${STATE_LABEL[state].padEnd(12)} ${source.name} (${source.cost}, ${key})`);
    if (state === 'missing_key' || state === 'no_live_adapter') {
      lines.push(`                 ${source.screens.join(', ')} will say: "${source.unavailable}"`);
    }
  }
  return lines;
}
