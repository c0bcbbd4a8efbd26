/**
 * Options-flow figures on the local runtime (issue 10 "Numbers"):
 *  - live: ingest -> browser latency at RATE trades/s with CLIENTS real ws clients (p50/p99, CPU);
 *  - historical: 10,000 rows with 3 filters over the 60 demo days (p50/p99, gzip size).
 * Usage: DATA_DIR=/tmp/tw-flow PORT=3270 node --import tsx scripts/bench/flow-bench.ts [clients] [rate] [seconds]
 * The first run loads the demo data and backfills 60 flow days into DATA_DIR (timed).
 */
import { request } from 'node:http';
import { WebSocket } from 'ws';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { FlowFanout, ingestLiveRecords } from '@tapewatch/functions/jobs/flow-live';
import { runFlowIngest } from '@tapewatch/functions/jobs/flow-ingest';
import { registerAuthenticator } from '@tapewatch/functions/lib/auth-guard';
import { FlowDayState, simulateTrades } from '@tapewatch/functions/providers/demo/flow-simulator';
import { parseFrame } from '@tapewatch/shared/ws/messages';
import { startLocalRuntime } from '../local/server.ts';
import { seedPlan } from '../test/seed-subscriber.ts';

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

const sockets: WebSocket[] = [];
const sentAt = new Map<string, number>();
const latencies: number[] = [];
for (let i = 0; i < clients; i++) {
  const ws = new WebSocket(`ws://127.0.0.1:${rt.port}/ws?token=bench`);
  ws.on('message', (data) => {
    const now = performance.now();
    for (const e of parseFrame(data.toString()))
      if (e.event === 'new_flow') latencies.push(now - sentAt.get((JSON.parse(e.data) as { key: string }).key)!);
  });
  await new Promise((r, j) => {
    ws.once('open', r);
    ws.once('error', j);
  });
  sockets.push(ws);
}
await new Promise((r) => setTimeout(r, 200));
const fanout = new FlowFanout(documentClient());
const state = new FlowDayState({
  date: '2024-03-08',
  universe: [{ symbol: 'SPY', kind: 'etf', close: 511.72, prevClose: 514.81, dollarVolume: 3e10, vol: 0.12 }],
  seed: 1,
});
const cpu = process.cpuUsage();
const started = performance.now();
let n = 0;
const pending: Promise<unknown>[] = [];
while (performance.now() - started < seconds * 1000) {
  const rec = simulateTrades(state, `bench-${n}`, 11 * 3600, 0.5, false)[0]!;
  rec.id = `bench${String(n).padStart(19, '0')}`;
  sentAt.set(rec.id, performance.now());
  // Arrivals do not wait for earlier writes (a vendor feed does not either).
  pending.push(ingestLiveRecords({ option_activity: [rec] }, fanout));
  n++;
  const next = started + (n * 1000) / rate;
  await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
}
await Promise.all(pending);
await fanout.flush();
await new Promise((r) => setTimeout(r, 500));
const used = process.cpuUsage(cpu);
const wall = (performance.now() - started) / 1000;
console.log(
  `live: ${n} trades at ${rate}/s to ${sockets.length} clients: ${latencies.length}/${n * clients} delivered, p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms; CPU ${((100 * (used.user + used.system)) / 1e6 / wall).toFixed(0)}% of one core, ${((used.user + used.system) / 1000 / n).toFixed(1)} ms CPU per trade (server, dynalite and clients in one process)`,
);
for (const ws of sockets) ws.terminate();
await repo.clearLive('2024-03-08');
await rt.close();
process.exit(0);
