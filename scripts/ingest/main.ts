/**
 * `npm run ingest -- demo`        reload the demo dataset (idempotent), then recompute snapshots
 * `npm run ingest -- job <name>`  run one scheduled job now
 *
 * Target: DYNAMODB_ENDPOINT when set; else the running local runtime (found via DATA_DIR/runtime.json);
 * else, with --aws, the AWS account of the environment (table names from TABLE_* variables);
 * else a dynalite over DATA_DIR started just for this command.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { schedules } from '@tapewatch/functions/jobs/schedules';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { progressBar } from '../local/progress.ts';
import { runJob } from '../local/scheduler.ts';
import { ROOT } from '../local/web-build.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.LOG_LEVEL ??= 'warn';
const args = process.argv.slice(2);
const [command, name] = args.filter((a) => !a.startsWith('--'));
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
  if (args.includes('--aws')) return { label: `AWS ${process.env.AWS_REGION ?? ''}`, close: async () => {} };
  const dynamo = await startDynalite(join(dataDir, 'dynamodb'));
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  await ensureTables(dynamo.endpoint);
  return { label: `dynalite over ${dataDir}`, close: () => dynamo.close() };
}

async function main(): Promise<number> {
  if (command !== 'demo' && command !== 'job') {
    console.error('usage: npm run ingest -- demo | job <name> [--aws]');
    return 2;
  }
  const jobs = command === 'job' ? schedules.filter((s) => s.name === name) : schedules.filter((s) => s.runOnLocalStart);
  if (command === 'job' && jobs.length === 0) {
    console.error(`unknown job '${name}'; jobs: ${schedules.map((s) => s.name).join(', ')}`);
    return 2;
  }
  const db = await target();
  resetDocumentClient();
  console.log(`target: ${db.label}`);
  try {
    if (command === 'demo') {
      const bar = progressBar('loading demo data');
      const r = await loadDemoData(documentClient(), { force: true, onProgress: (p) => bar(p.done, p.total, p.label) });
      console.log(`loaded ${r.tickers} series in ${r.chunks} chunks (bundle ${r.version})`);
    }
    for (const job of jobs) {
      const out = await runJob(job);
      console.log(`job ${job.name}: ${JSON.stringify(out)}`);
    }
  } finally {
    await db.close();
  }
  return 0;
}

process.exit(await main());
