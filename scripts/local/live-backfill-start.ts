import { documentClient } from '@tapewatch/functions/data/client';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { providerFor } from '@tapewatch/functions/providers/market-provider';
import { runLiveBackfill, type LiveBackfillResult } from './live-backfill.ts';
import { progressBar } from './progress.ts';

/** One line per outcome of a live backfill (the CLI and the local runtime print the same). */
export function backfillSummary(r: LiveBackfillResult): string[] {
  return [
    `  live backfill: ${r.unitsRun} units fetched, ${r.unitsSkipped} already done${r.aborted ? ', interrupted (resumes on the next start)' : ''}`,
    ...r.unconfigured.map((line) => `  not configured, skipped: ${line}`),
    ...r.failures.map((line) => `  failed (resumes on the next start): ${line}`),
  ];
}

/**
 * Live mode's first-run backfill in the background of `npm start`, with a progress line; a
 * restart skips what earlier starts stored (checkpoints), so it is cheap once done.
 */
export async function startLiveBackfill(say: (line: string) => void, signal: AbortSignal): Promise<void> {
  const clock = clockFor();
  const bar = progressBar('backfilling live data');
  try {
    const result = await runLiveBackfill({
      today: clock.today(),
      provider: providerFor(documentClient(), clock),
      signal,
      say,
      onProgress: bar,
    });
    if (!signal.aborted) for (const line of backfillSummary(result)) say(line);
  } catch (err) {
    if (!signal.aborted) say(`  live backfill failed: ${(err as Error).message}`);
  }
}
