/**
 * Times the options-flow demo backfill (60 trading days) into a fresh dynalite after the demo
 * dataset load, and a day read. Usage: node --import tsx scripts/bench/flow-backfill.ts [from]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { runFlowIngest } from '@tapewatch/functions/jobs/flow-ingest';
import { loadDemoData } from '../demo-data/load-demo.ts';
import { ensureTables, startDynalite } from '../local/dynamo.ts';

process.env.LOG_LEVEL ??= 'silent';
const dir = mkdtempSync(join(tmpdir(), 'tw-flow-bench-'));
const dynamo = await startDynalite(join(dir, 'dynamodb'));
process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
resetDocumentClient();
await ensureTables(dynamo.endpoint);
const secs = (t: number) => ((performance.now() - t) / 1000).toFixed(1);
let t = performance.now();
await loadDemoData(documentClient());
console.log(`demo data load ${secs(t)} s`);
t = performance.now();
const cpu = process.cpuUsage();
const run = await runFlowIngest({ from: process.argv[2] ?? '2023-12-12', to: '2024-03-08' });
const used = process.cpuUsage(cpu);
console.log(
  `flow backfill ${secs(t)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s): ${run.rowsWritten} trades`,
);
const repo = new FlowRepository(documentClient());
const days = await repo.listDays('2019-01-01', '2024-03-08');
console.log(`days ${days.length} (${days.at(-1)?.date}..${days[0]?.date})`);
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const d = await repo.readDay('2024-03-08');
  console.log(`read one day: ${(performance.now() - t).toFixed(0)} ms, ${d.trades.length} trades in ${d.items} items`);
}
await dynamo.close();
rmSync(dir, { recursive: true, force: true });
