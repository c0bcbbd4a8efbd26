import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { subscriberToken } from './accounts.ts';
import { measureLatency } from './latency.ts';
import { startServer } from './startup.ts';

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

/**
 * `npx tsx scripts/bench/watchlists.ts [seconds]`: the watchlist read alone (issue 24: p99 < 20 ms at
 * 10 connections), on its own server process after a blocking demo load, with the load average.
 */
async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 10);
  const port = Number(process.env.BENCH_PORT ?? 3224);
  const dataDir = mkdtempSync(join(tmpdir(), 'tapewatch-bench-watch-'));
  process.env.RATE_LIMIT_MULTIPLIER ??= '1000000';
  process.env.TAPEWATCH_BACKFILL = 'blocking';
  const first = await startServer(port, dataDir);
  await first.stop();
  delete process.env.TAPEWATCH_BACKFILL;
  const server = await startServer(port, dataDir);
  try {
    const headers = { authorization: `Bearer ${await subscriberToken(server.url)}` };
    await seedBenchWatchlist(server.url, headers);
    // get_user_info (signed in) is the baseline: the same token check and profile read, no list query.
    for (const path of ['/api/get_user_info', '/api/get_watchlists', '/api/get_watchlist_overview?id=default']) {
      const before = loadavg()[0]!.toFixed(2);
      const r = await measureLatency(server.url, path, 10, seconds, headers);
      console.log(
        JSON.stringify({
          ...r,
          loadAvg1mBefore: before,
          loadAvg1mAfter: loadavg()[0]!.toFixed(2),
          budgetP99: path === '/api/get_watchlists' ? 20 : '',
        }),
      );
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
