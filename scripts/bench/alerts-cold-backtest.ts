/**
 * Issue 35 item 11: the first flow-alert backtest after a start, over a year of flow in dynalite
 * (250 days of 3,000 trades and the traded names' price histories, seeded), each measured in a fresh
 * process so nothing is cached: `columns` reads the day columns the ingest stores (the product's
 * path), `trades` the plain path (every trade of every day, parsed and put in columns) for
 * comparison. Timed: the whole backtest (days, scan, direction, the sampled prints' option P&L with
 * the price series reads); the two answers must be equal.
 * Usage: node --import tsx scripts/bench/alerts-cold-backtest.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { backtestRule } from '@tapewatch/functions/http/alerts/backtest-alert-rule';
import { historyColumns, tradeColumns } from '@tapewatch/functions/http/alerts/backtest-days';
import { putDayColumns } from '@tapewatch/functions/jobs/flow-ingest';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { BROAD_BACKTEST_RULE, BENCH_TICKERS, rng, syntheticTrade } from './alerts.ts';

/** Issue 35 item 11: a cold one-year backtest answers within 3 s (the API's limit is 29 s). */
export const COLD_BACKTEST_BUDGET_MS = 3000;

const DAYS = 250;
const TODAY = '2024-03-08';
const broad = BROAD_BACKTEST_RULE;

export interface ColdBacktestResult {
  days: number;
  trades: number;
  fired: number;
  sampledPrints: number;
  coldColumnsMs: number;
  /** The same backtest's process CPU: about its wall on an idle machine (the work is mostly sequential). */
  coldColumnsCpuMs: number;
  coldTradesMs: number;
}

async function withDynalite<T>(dir: string, run: () => Promise<T>): Promise<T> {
  process.env.LOG_LEVEL ??= 'silent';
  const dynamo = await startDynalite(join(dir, 'dynamodb'));
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  resetDocumentClient();
  try {
    await ensureTables(dynamo.endpoint);
    return await run();
  } finally {
    await dynamo.close();
  }
}

/** Daily closes (a seeded walk) and volumes of every bench ticker, 2019 through the bench's today. */
function benchSeries(r: () => number) {
  const date: string[] = [];
  for (let t = Date.UTC(2019, 0, 2); t <= Date.UTC(2024, 2, 8); t += 86_400_000)
    date.push(new Date(t).toISOString().slice(0, 10));
  let c = 100 + r() * 200;
  const close = date.map(() => +(c *= Math.exp((r() - 0.5) * 0.04)).toFixed(2));
  const volume = date.map(() => 2_000_000 + Math.floor(r() * 8_000_000));
  return { date, open: close, high: close, low: close, close, volume };
}

async function seed(dir: string): Promise<void> {
  await withDynalite(dir, async () => {
    const repo = new FlowRepository(documentClient());
    const r = rng(35);
    for (let d = 0; d < DAYS; d += 1) {
      const date = new Date(Date.UTC(2023, 2, 9) + d * 86_400_000).toISOString().slice(0, 10);
      const trades = Array.from({ length: 3000 }, (_, i) => syntheticTrade(r, date, i));
      const { version } = await repo.putDay(date, trades);
      await putDayColumns(documentClient(), repo, date, trades, version);
    }
    const series = new TimeSeriesRepository(documentClient());
    for (const t of BENCH_TICKERS) await series.putSeries(t, benchSeries(r));
  });
}

async function cold(dir: string, path: 'columns' | 'trades') {
  return withDynalite(dir, async () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const bt = await backtestRule(broad, TODAY, path === 'columns' ? historyColumns : tradeColumns);
    const used = process.cpuUsage(cpu);
    // CPU of the whole process (main thread and the dynalite worker): about the wall on an idle machine.
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bt: { ...bt, elapsed_ms: 0 } };
  });
}

function child(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Seeds a data directory, then one fresh process per cold path. */
export function benchColdBacktest(): ColdBacktestResult {
  const dir = mkdtempSync(join(tmpdir(), 'tapewatch-cold-backtest-'));
  try {
    child(['seed', dir]);
    const run = (path: string) =>
      JSON.parse(child(['cold', dir, path]).trim().split('\n').at(-1)!) as Awaited<ReturnType<typeof cold>>;
    const columns = run('columns');
    const trades = run('trades');
    if (JSON.stringify(columns.bt) !== JSON.stringify(trades.bt))
      throw new Error('the stored columns and the scan of every trade answer differently');
    return {
      days: columns.bt.days,
      trades: columns.bt.scanned,
      fired: columns.bt.fired,
      sampledPrints: columns.bt.pnl.caught.d1.prints + columns.bt.pnl.baseline.d1.prints,
      coldColumnsMs: Math.round(columns.ms),
      coldColumnsCpuMs: Math.round(columns.cpuMs),
      coldTradesMs: Math.round(trades.ms),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, dir, path] = process.argv.slice(2);
  if (mode === 'seed') await seed(dir!);
  else if (mode === 'cold') console.log(JSON.stringify(await cold(dir!, path === 'trades' ? 'trades' : 'columns')));
  else console.table([benchColdBacktest()]);
  process.exit(0);
}
