/**
 * `tsx scripts/bench/flow-speed.ts`: issue 23 items 1 and 2 alone, against a server already running
 * (scripts/bench/flow-speed-server.ts, or `npm start`): the current flow for a full session and the
 * historical queries over the year, with their budgets. BENCH_URL and DATA_DIR name the server and
 * its data directory (the top-up writes into its database); SERVER_PID, printed by the server, adds
 * its CPU per request (all threads) to the historical rows. Exits non-zero over budget.
 */
import { loadavg } from 'node:os';
import { subscriberToken } from './accounts.ts';
import { Budgets } from './budgets.ts';
import { FULL_SESSION_TRADES, topUpCurrentFlow } from './current-flow.ts';
import { benchHistoricalFlow, historicalBudgets } from './historical-flow.ts';
import { measureLatency } from './latency.ts';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3231';
const dataDir = process.env.DATA_DIR ?? '.data';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.argv[2];

const budgets = new Budgets();
const headers = { authorization: `Bearer ${await subscriberToken(url)}` };
if (only !== 'historical') {
  const trades = await topUpCurrentFlow(url, dataDir, headers.authorization);
  const r = await measureLatency(url, '/api/get_current_options_flow', 10, seconds, headers);
  console.table([{ trades, ...r }]);
  budgets.atMost(`current flow p99, 10 connections, ${trades} trades`, r.p99, 50, 'ms');
  budgets.atLeast(`current flow requests/s, 10 connections, ${trades} trades`, r.rps, 500, 'req/s');
  budgets.atLeast('current flow trades measured (a full session)', trades, FULL_SESSION_TRADES, 'trades');
}
if (only !== 'current') {
  const rows = await benchHistoricalFlow(
    url,
    headers,
    seconds,
    process.env.SERVER_PID ? Number(process.env.SERVER_PID) : undefined,
  );
  console.table(rows);
  historicalBudgets(budgets, rows);
}
console.log(
  `\nBudgets (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')})`,
);
budgets.print();
process.exit(budgets.failed.length === 0 ? 0 : 1);
