/**
 * Issue 25 item 3 in `npm run bench`: trade -> in-app alert on the local runtime (10,000 rules of
 * 2,000 users, 100 sockets, 10 trades/s), in a process of its own since it starts a runtime of its
 * own, with its budget rows: the p99, and nothing lost (history and open sockets both complete).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { type AlertBench, benchAlerts } from './alerts.ts';
import { benchColdBacktest, COLD_BACKTEST_BUDGET_MS } from './alerts-cold-backtest.ts';
import { ALERT_DELIVERY_P99_BUDGET_MS, type AlertLiveResult } from './alerts-live.ts';
import type { Budgets } from './budgets.ts';

/**
 * The in-process kernels: matching per trade (p99 <= 2 ms) and the one-year backtest (median <= 1 s
 * once the days are in memory), and the first backtest after a start (<= 3 s, in fresh processes).
 */
export function benchAlertKernels(budgets: Budgets): AlertBench {
  console.log('\nFlow alerts: matching per trade and the one-year backtest (in process)');
  const k = benchAlerts();
  console.table(k);
  budgets.atMost('alert matching, 10,000 rules of 2,000 users, p99 per trade', k.matchP99Ms, 2, 'ms');
  budgets.atMost('alert backtest, one year of flow in memory, median', k.backtestMedianMs, 1000, 'ms');
  console.log('\nFlow alerts: the first one-year backtest after a start (fresh process, dynalite)');
  const c = benchColdBacktest();
  console.table([c]);
  budgets.atMost('alert backtest, one year, cold (stored day columns)', c.coldColumnsMs, COLD_BACKTEST_BUDGET_MS, 'ms');
  return k;
}

export function benchAlertDelivery(budgets: Budgets, seconds = 30): AlertLiveResult {
  console.log(
    `\nFlow alerts live: 10,000 rules of 2,000 users, 100 alerts sockets (20 closed half-way), 10 trades/s, ${seconds} s, a minute's turn 15 s in`,
  );
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'alerts-live.ts'), String(seconds), '10', '--turn', '--json'],
    { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' }, maxBuffer: 16 * 1024 * 1024 },
  );
  const r = JSON.parse(out.trim().split('\n').at(-1)!) as AlertLiveResult;
  console.table([r]);
  budgets.atMost(
    'alert trade -> in-app p99, 10,000 rules, 100 sockets, 10 trades/s',
    r.p99Ms,
    ALERT_DELIVERY_P99_BUDGET_MS,
    'ms',
  );
  budgets.atMost('alerts missing from the history (all users)', r.expectedFired - r.storedInHistory, 0, 'alerts');
  budgets.atMost(
    'alerts missing from the history of users whose socket closed',
    r.closedUsersExpected - r.closedUsersStored,
    0,
    'alerts',
  );
  budgets.atMost('alerts not pushed to sockets that stayed open', r.expectedOpen - r.deliveredOpen, 0, 'alerts');
  return r;
}
