import { DATA_SOURCES } from '@tapewatch/shared/api/data-sources';
import { documentClient } from '@tapewatch/functions/data/client';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { providerFor } from '@tapewatch/functions/providers/market-provider';
import type { MarketDataProvider } from '@tapewatch/functions/providers/provider';
import { runLiveBackfill, type LiveBackfillResult } from './live-backfill.ts';
import { progressBar } from './progress.ts';

export const NO_NETWORK_HINT =
  '  no network? not one request reached its server: check the connection (or a proxy), then restart; the backfill resumes where it stopped';

/**
 * The outcome of a live backfill in a few lines (the CLI and the local runtime print the same): one
 * line per failing source, the screens not computed for want of data in one line, and one hint
 * when no fetch got through at all rather than one "fetch failed" per vendor.
 */
export function backfillSummary(r: LiveBackfillResult): string[] {
  const fetchFailures = r.failedSteps.filter((f) => !f.precompute);
  const precomputeFailures = r.failedSteps.filter((f) => f.precompute);
  const lines = [
    `  live backfill: ${r.unitsFetched} units fetched, ${r.unitsSkipped} already done${r.aborted ? ', interrupted (resumes on the next start)' : ''}`,
    ...r.unconfigured.map((line) => `  not configured, skipped: ${line}`),
    ...fetchFailures.map((f) => {
      const source = DATA_SOURCES.find((s) => s.jobs.includes(f.job));
      return `  failing: ${source?.name ?? f.job}: ${f.message} (resumes on the next start)`;
    }),
  ];
  // With a source failing, the precomputes fail for want of its data: one line, not one error each.
  if (fetchFailures.length > 0 && precomputeFailures.length > 0)
    lines.push(`  not computed until their data arrives: ${precomputeFailures.map((f) => f.job).join(', ')}`);
  else lines.push(...precomputeFailures.map((f) => `  failed (resumes on the next start): ${f.message}`));
  if (r.unitsFetched === 0 && fetchFailures.length > 0 && fetchFailures.every((f) => f.network))
    lines.push(NO_NETWORK_HINT);
  return lines;
}

/**
 * Live mode's first-run backfill in the background of `npm start`, with a progress line and its
 * summary at the end; a restart skips what earlier starts stored (checkpoints), so it is cheap once done.
 */
export async function startLiveBackfill(
  say: (line: string) => void,
  signal: AbortSignal,
  provider?: MarketDataProvider,
): Promise<void> {
  const clock = clockFor();
  const bar = progressBar('backfilling live data');
  try {
    const result = await runLiveBackfill({
      today: clock.today(),
      provider: provider ?? providerFor(documentClient(), clock),
      signal,
      onProgress: bar,
    });
    if (!signal.aborted) for (const line of backfillSummary(result)) say(line);
  } catch (err) {
    if (!signal.aborted) say(`  live backfill failed: ${(err as Error).message}`);
  }
}
