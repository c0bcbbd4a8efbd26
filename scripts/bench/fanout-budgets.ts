/**
 * Issue 23 item 4 in `npm run bench`: the local live feed at 1,000 clients and 10 trades/s (in a
 * process of its own: it starts a runtime of its own) and the AWS fan-out simulation, with their
 * budget rows.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Budgets } from './budgets.ts';
import { FANOUT_P99_BUDGET_MS, type LocalFanoutResult } from './fanout-local.ts';
import { SIM_P99_BUDGET_MS, SIM_SCENARIOS, simulateFanout, type SimResult } from './fanout-sim.ts';

export async function benchFanout(budgets: Budgets): Promise<{ local: LocalFanoutResult; simulated: SimResult[] }> {
  console.log('\nLive feed: 1,000 WebSocket clients (one subscriber each), 10 trades/s, 20 s');
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fanout-local.ts'), '1000', '10', '20', '--json'],
    { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, maxBuffer: 16 * 1024 * 1024 },
  );
  const local = JSON.parse(out.trim().split('\n').at(-1)!) as LocalFanoutResult;
  console.table([local]);
  budgets.atMost('live feed p99 trade -> client, 1,000 clients, 10 trades/s', local.p99Ms, FANOUT_P99_BUDGET_MS, 'ms');
  budgets.atMost('live feed trade events lost, 1,000 clients', local.expected - local.delivered, 0, 'events');

  console.log(
    '\nAWS fan-out design, simulated (virtual clock; Management API 20-40 ms per post, 0.2% gone, account throttle)',
  );
  const simulated: SimResult[] = [];
  for (const s of SIM_SCENARIOS) simulated.push(await simulateFanout(s));
  console.table(simulated);
  // The design's figure: 100,000 connections over shards of 1,000 with the raised account throttle it names.
  const design = simulated.find((r) => r.connections === 100_000 && r.accountRps > 10_000)!;
  budgets.atMost(
    `AWS fan-out p99 (simulated), 100,000 connections, ${design.shards} shards`,
    design.p99Ms,
    SIM_P99_BUDGET_MS,
    'ms',
  );
  budgets.atLeast('AWS fan-out delivered (simulated), 100,000 connections', design.deliveredPct, 100, '%');
  return { local, simulated };
}
