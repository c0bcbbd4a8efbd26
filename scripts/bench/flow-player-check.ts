/** Smoke check of the local live player: DATA_DIR with loaded data; prints what a client receives in 8 s. */
import { WebSocket } from 'ws';
import { registerAuthenticator } from '@tapewatch/functions/lib/auth-guard';
import { parseFrame } from '@tapewatch/shared/ws/messages';
import { startLocalRuntime } from '../local/server.ts';
import { seedPlan } from '../test/seed-subscriber.ts';

process.env.LOG_LEVEL ??= 'silent';
process.env.TAPEWATCH_FLOW_RATE ??= '3';
const rt = await startLocalRuntime({
  port: Number(process.env.PORT ?? 3270),
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR ?? '/tmp/tw-flow',
  web: false,
  schedules: false,
  backfill: false,
  flowLive: true,
  log: (l) => console.log(l),
});
registerAuthenticator(async (token) =>
  token === 'x' ? { userId: 'x', username: 'x', email: 'x@example.com', subscription: 'basic', token } : null,
);
// The fan-out re-reads connected users' plans from their stored profiles.
await seedPlan('x', 'basic');
const ws = new WebSocket(`ws://127.0.0.1:${rt.port}/ws?token=x`);
let frames = 0;
const trades: Array<{
  ticker: string;
  time: string;
  put_call: string;
  cost_basis: number;
  fill: string;
  score: number;
}> = [];
ws.on('message', (d) => {
  frames++;
  for (const e of parseFrame(d.toString())) if (e.event === 'new_flow') trades.push(JSON.parse(e.data));
});
await new Promise((r) => setTimeout(r, Number(process.env.WAIT_MS ?? 25000)));
console.log(`frames ${frames}, trades ${trades.length}`);
console.log(
  trades
    .slice(0, 5)
    .map((t) => `${t.time} ${t.ticker} ${t.put_call} $${Math.round(t.cost_basis)}K ${t.fill} ${t.score.toFixed(2)}`)
    .join('\n'),
);
ws.close();
await rt.close();
process.exit(0);
