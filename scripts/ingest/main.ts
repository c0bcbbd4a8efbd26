/**
 * npm run ingest -- demo                                reload the demo dataset, recompute snapshots
 * npm run ingest -- backfill                            live mode: fetch each screen's history (resumable)
 * npm run ingest -- <job> [--date D | --from D --to D]  run one job (darkpools, shortinterest, ...)
 * npm run ingest -- list                                the jobs and their schedules
 * Add --aws to target the AWS account of the environment.
 *
 * Target: DYNAMODB_ENDPOINT when set; else the running local runtime (DATA_DIR/runtime.json);
 * else, with --aws, AWS (table names from TABLE_*); else a dynalite over DATA_DIR for this command.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import type { JobRun } from '@tapewatch/functions/data/job-log-repository';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { clockFor } from '@tapewatch/functions/platform/clock';
import { providerFor } from '@tapewatch/functions/providers/market-provider';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { runLiveBackfill } from '../local/live-backfill.ts';
import { backfillSummary } from '../local/live-backfill-start.ts';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { progressBar } from '../local/progress.ts';
import { runJob } from '../local/scheduler.ts';
import { ROOT } from '../local/web-build.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    date: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    aws: { type: 'boolean', default: false },
  },
});
const [command] = positionals;
const dataDir = process.env.DATA_DIR ?? join(ROOT, '.data');

async function reachable(endpoint: string): Promise<boolean> {
  try {
    await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

async function target(): Promise<{ label: string; close: () => Promise<void> }> {
  if (process.env.DYNAMODB_ENDPOINT) return { label: process.env.DYNAMODB_ENDPOINT, close: async () => {} };
  const marker = join(dataDir, 'runtime.json');
  if (existsSync(marker)) {
    const { dynamodb } = JSON.parse(readFileSync(marker, 'utf8')) as { dynamodb: string };
    if (await reachable(dynamodb)) {
      process.env.DYNAMODB_ENDPOINT = dynamodb;
      return { label: `the running local runtime (${dynamodb})`, close: async () => {} };
    }
  }
  if (values.aws) return { label: `AWS ${process.env.AWS_REGION ?? ''}`, close: async () => {} };
  const dynamo = await startDynalite(join(dataDir, 'dynamodb'));
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  await ensureTables(dynamo.endpoint);
  return { label: `dynalite over ${dataDir}`, close: () => dynamo.close() };
}

function summary(run: JobRun, ms: number): string {
  return `${run.job} ${run.from}..${run.to}: ${run.status}; rows read ${run.rowsRead}, items written ${run.rowsWritten}, skipped ${run.rowsSkipped}; ${(ms / 1000).toFixed(1)} s`;
}

async function main(): Promise<number> {
  if (!command || command === 'list') {
    console.log(
      'usage: npm run ingest -- demo | backfill | <job> [--date YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD] [--aws]\njobs:',
    );
    for (const s of schedules) console.log(`  ${s.name.padEnd(20)} ${s.cron.padEnd(16)} ${s.description}`);
    return command ? 0 : 2;
  }
  const job = schedules.find((s) => s.name === command);
  if (command !== 'demo' && command !== 'backfill' && !job) {
    console.error(`unknown job '${command}'; jobs: demo, backfill, ${schedules.map((s) => s.name).join(', ')}`);
    return 2;
  }
  if (command === 'backfill' && process.env.TAPEWATCH_DATA_MODE !== 'live') {
    console.error('backfill fetches from the real sources: set TAPEWATCH_DATA_MODE=live (and the provider keys)');
    return 2;
  }
  const from = values.date ?? values.from;
  const to = values.date ?? values.to ?? from;
  const db = await target();
  resetDocumentClient();
  console.log(`target: ${db.label}`);
  try {
    if (command === 'demo') {
      const bar = progressBar('loading demo data');
      const r = await loadDemoData(documentClient(), { force: true, onProgress: (p) => bar(p.done, p.total, p.label) });
      console.log(`loaded ${r.tickers} series in ${r.chunks} chunks (bundle ${r.version})`);
      for (const s of schedules.filter((d) => d.runOnLocalStart)) {
        const started = performance.now();
        console.log(summary((await runJob(s)) as JobRun, performance.now() - started));
      }
      return 0;
    }
    if (command === 'backfill') return await backfill();
    const bar = progressBar(job!.name);
    const started = performance.now();
    const run = (await runJob(job!, from ? { from, to } : undefined, { onProgress: bar })) as JobRun;
    console.log(summary(run, performance.now() - started));
    return 0;
  } catch (err) {
    console.error(`failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

/** The live first-run backfill; Ctrl+C stops after the unit in flight is abandoned, and a rerun resumes. */
async function backfill(): Promise<number> {
  const aborter = new AbortController();
  process.once('SIGINT', () => aborter.abort());
  const clock = clockFor();
  const result = await runLiveBackfill({
    today: clock.today(),
    provider: providerFor(documentClient(), clock),
    signal: aborter.signal,
    say: (line) => console.log(line),
    onProgress: progressBar('backfilling live data'),
  });
  for (const line of backfillSummary(result)) console.log(line);
  return result.failures.length > 0 || result.aborted ? 1 : 0;
}

process.exit(await main());
