/**
 * Issue 35 item 11: the first flow-alert backtest after a start, over a year of flow in dynalite
 * (250 days of 3,000 trades, seeded), each measured in a fresh process so nothing is cached:
 * `columns` reads the day columns the ingest stores (the product's path), `trades` the old path
 * (every trade of every day, parsed and put in columns) for comparison. Timed: the days' load,
 * the broad rule's scan and the baseline counts (the price series reads are the same either way).
 * Usage: node --import tsx scripts/bench/alerts-cold-backtest.ts [--json]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentClient, resetDocumentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { scanRule, tickerDayCounts } from '@tapewatch/functions/domain/alerts/backtest';
import { toColumns, type DayColumns } from '@tapewatch/functions/domain/alerts/flow-columns';
import { historyColumns } from '@tapewatch/functions/http/alerts/backtest-days';
import { putDayColumns } from '@tapewatch/functions/jobs/flow-ingest';
import { ensureTables, startDynalite } from '../local/dynamo.ts';
import { BROAD_BACKTEST_RULE, rng, syntheticTrade } from './alerts.ts';

/** Issue 35 item 11: a cold one-year backtest answers within 3 s (the API's limit is 29 s). */
export const COLD_BACKTEST_BUDGET_MS = 3000;

const DAYS = 250;
const TODAY = '2024-03-08';
const broad = BROAD_BACKTEST_RULE;

export interface ColdBacktestResult {
  days: number;
  trades: number;
  fired: number;
  coldColumnsMs: number;
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
  });
}

async function cold(dir: string, path: 'columns' | 'trades') {
  return withDynalite(dir, async () => {
    const started = performance.now();
    let days: DayColumns[];
    if (path === 'columns') days = await historyColumns(TODAY);
    else {
      const repo = new FlowRepository(documentClient());
      const listed = (await repo.listDays('2000-01-01', TODAY)).filter((d) => d.date < TODAY);
      days = [];
      for (let i = 0; i < listed.length; i += 6)
        days.push(
          ...(await Promise.all(
            listed.slice(i, i + 6).map(async (d) => toColumns(d.date, (await repo.readDay(d.date)).trades)),
          )),
        );
    }
    const scan = scanRule(days, broad, 100);
    tickerDayCounts(days, [...scan.caught.keys()].slice(0, 50));
    return {
      ms: performance.now() - started,
      days: days.length,
      trades: days.reduce((s, d) => s + d.length, 0),
      fired: scan.fired,
    };
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
    if (columns.fired !== trades.fired || columns.trades !== trades.trades)
      throw new Error(`the two paths disagree: ${JSON.stringify({ columns, trades })}`);
    return {
      days: columns.days,
      trades: columns.trades,
      fired: columns.fired,
      coldColumnsMs: Math.round(columns.ms),
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
