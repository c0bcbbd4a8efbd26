import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { subscriberToken } from './accounts.ts';
import { processCpuMs } from './process-cpu.ts';
import { measureLatency, type LatencyResult } from './latency.ts';
import { startServer, type RunningServer } from './startup.ts';

/** 50 tickers of the demo universe: the bench reads a realistically filled list. */
export const BENCH_WATCHLIST = [
  'AAPL',
  'MSFT',
  'NVDA',
  'AMZN',
  'GOOGL',
  'META',
  'TSLA',
  'AMD',
  'INTC',
  'NFLX',
  'ADBE',
  'CRM',
  'ORCL',
  'CSCO',
  'QCOM',
  'TXN',
  'AVGO',
  'MU',
  'AMAT',
  'LRCX',
  'PYPL',
  'JPM',
  'BAC',
  'WFC',
  'GS',
  'MS',
  'C',
  'V',
  'MA',
  'UNH',
  'JNJ',
  'PFE',
  'MRK',
  'ABBV',
  'LLY',
  'XOM',
  'CVX',
  'COP',
  'KO',
  'PEP',
  'WMT',
  'COST',
  'HD',
  'LOW',
  'DIS',
  'SPY',
  'QQQ',
  'IWM',
  'XLK',
  'XLF',
];

export async function seedBenchWatchlist(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(`${url}/api/add_watchlist_tickers`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ id: 'default', tickers: BENCH_WATCHLIST }),
  });
  if (res.status !== 200) throw new Error(`bench watchlist: ${res.status} ${await res.text()}`);
}

export interface WatchlistBenchRow extends LatencyResult {
  /** Server CPU time per request (user + system, from /proc): what the route costs, whatever else the machine runs. */
  cpuMsPerRequest: number | null;
  loadAvg1mBefore: number;
  loadAvg1mAfter: number;
  budgetP99: number | '';
}

/** The budget of issue 24: the list read every screen makes, p99 at 10 connections. */
export const WATCHLISTS_P99_BUDGET_MS = 20;

/**
 * The watchlist reads at 10 connections against a 50-ticker default list, with get_user_info
 * (signed in) as the baseline of the same auth path: it reads nothing per request (the session state
 * is cached for a second), so the difference is the list read itself.
 */
export async function benchWatchlistReads(
  server: Pick<RunningServer, 'url' | 'pid'>,
  seconds: number,
): Promise<WatchlistBenchRow[]> {
  const headers = { authorization: `Bearer ${await subscriberToken(server.url)}` };
  await seedBenchWatchlist(server.url, headers);
  const rows: WatchlistBenchRow[] = [];
  for (const path of [
    '/api/get_user_info',
    '/api/get_watchlists',
    '/api/get_watchlist_overview?id=default',
    '/api/get_watchlist_flow?id=default',
  ]) {
    const before = loadavg()[0]!;
    const cpuBefore = processCpuMs(server.pid);
    const r = await measureLatency(server.url, path, 10, seconds, headers);
    const cpuAfter = processCpuMs(server.pid);
    rows.push({
      ...r,
      // measureLatency warms up with 20 requests first.
      cpuMsPerRequest:
        cpuBefore === null || cpuAfter === null ? null : +((cpuAfter - cpuBefore) / (r.requests + 20)).toFixed(2),
      loadAvg1mBefore: +before.toFixed(2),
      loadAvg1mAfter: +loadavg()[0]!.toFixed(2),
      budgetP99: path === '/api/get_watchlists' ? WATCHLISTS_P99_BUDGET_MS : '',
    });
  }
  return rows;
}

/**
 * `npm run bench -- --watchlists` (or `npx tsx scripts/bench/watchlists.ts [seconds]`): the watchlist
 * reads alone (issue 24: get_watchlists p99 <= 20 ms at 10 connections), on their own server process
 * after a blocking demo load, with the load average and the server's CPU time per request.
 */
export async function runWatchlistBench(seconds: number, port: number): Promise<WatchlistBenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-bench-watch-'));
  process.env.RATE_LIMIT_MULTIPLIER ??= '1000000';
  process.env.TAPEWATCH_BACKFILL = 'blocking';
  const first = await startServer(port, dataDir);
  await first.stop();
  delete process.env.TAPEWATCH_BACKFILL;
  const server = await startServer(port, dataDir);
  try {
    return await benchWatchlistReads(server, seconds);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runWatchlistBench(Number(process.argv[2] ?? 10), Number(process.env.BENCH_PORT ?? 3224));
  console.table(rows);
}
