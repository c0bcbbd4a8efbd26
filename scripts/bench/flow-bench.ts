/**
 * Options-flow figures on the local runtime (issue 10 "Numbers"):
 *  - live: ingest -> browser latency at RATE trades/s with CLIENTS real ws clients (fanout-local.ts);
 *  - historical: 10,000 rows with 3 filters over the 60 demo days (p50/p99, gzip size).
 * Usage: DATA_DIR=/tmp/tw-flow PORT=3270 node --import tsx scripts/bench/flow-bench.ts [clients] [rate] [seconds]
 * The first run loads the demo data and backfills 60 flow days into DATA_DIR (timed).
 */
import { request } from 'node:http';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { runFlowIngest } from '@tapewatch/functions/jobs/flow-ingest';
import { registerAuthenticator } from '@tapewatch/functions/lib/auth-guard';
import { startLocalRuntime } from '../local/server.ts';
import { seedPlan } from '../test/seed-subscriber.ts';
import { benchLocalFanout } from './fanout-local.ts';

process.env.LOG_LEVEL ??= 'silent';
const [clients = 100, rate = 10, seconds = 20] = process.argv.slice(2).map(Number);
const rt = await startLocalRuntime({
  port: Number(process.env.PORT ?? 3270),
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR ?? '/tmp/tw-flow',
  web: false,
  schedules: false,
  backfill: false,
  flowLive: false,
  log: () => {},
});
registerAuthenticator(async (token) =>
  token === 'bench'
    ? { userId: 'bench', username: 'bench', email: 'b@example.com', subscription: 'basic', token }
    : null,
);
// The fan-out re-reads connected users' plans from their stored profiles.
await seedPlan('bench', 'basic');
const repo = new FlowRepository(documentClient());
if ((await repo.listDays('2019-01-01', '2024-03-08')).length < 60) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const run = await runFlowIngest({ from: '2023-12-12', to: '2024-03-08' });
  const used = process.cpuUsage(cpu);
  console.log(
    `backfill: ${run.rowsWritten} trades in ${((performance.now() - t) / 1000).toFixed(1)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`,
  );
}
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

function get(path: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    request(rt.url + path, { headers: { authorization: 'Bearer bench', 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - t, bytes, status: res.statusCode ?? 0 }));
    })
      .on('error', reject)
      .end();
  });
}

const filters = [
  { filter: 'Premium', selector: 'Greater than equal', value: '10' },
  { filter: 'DTE', selector: 'Smaller than equal', value: '400' },
  { filter: 'Score', selector: 'Greater than', value: '0.1' },
];
const hist = `/api/get_historical_options_flow?dates=${encodeURIComponent(JSON.stringify({ start: '2023-12-12', end: '2024-03-08' }))}&filters=${encodeURIComponent(JSON.stringify(filters))}`;
const times: number[] = [];
let size = 0;
for (let i = 0; i < 25; i++) {
  const r = await get(hist);
  if (r.status !== 200) throw new Error(`historical ${r.status}`);
  if (i >= 3) times.push(r.ms);
  size = r.bytes;
}
console.log(
  `historical 10,000 rows, 3 filters: p50 ${pct(times, 50).toFixed(0)} ms, p99 ${pct(times, 99).toFixed(0)} ms, ${(size / 1024).toFixed(0)} KB gzip`,
);

await rt.close();
// The live feed on a runtime of its own, one subscriber per client (a user may hold only three sockets).
console.table([await benchLocalFanout(clients, rate, seconds)]);
process.exit(0);
