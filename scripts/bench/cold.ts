/**
 * First (uncached) versus repeated (cached) requests of the screens that compute on request and
 * cache by parameters (issues 6 and 7): clusters, ARIMA and single-ticker factor analysis.
 *
 * A cold request is the first one the server sees for its parameters: each goes to a ticker no
 * other request of the run has used, so both the per-parameter answer cache and the per-ticker
 * series cache miss (the DynamoDB read is part of what a user waits for). Requests are sent one at a
 * time, so the figure is the computation itself, not queueing behind the other connections.
 */
import { routes, type RouteName } from '@tapewatch/shared/api/routes';
import { clustersTableResponse } from '@tapewatch/shared/schemas/clusters';

export interface ColdCachedResult {
  endpoint: string;
  /** Distinct tickers, one cold request each. */
  tickers: number;
  coldMedianMs: number;
  coldP90Ms: number;
  budgetColdMs: number;
  cachedMedianMs: number;
  budgetCachedMs: number | '';
  non2xx: number;
}

interface Case {
  endpoint: RouteName;
  /** Shown instead of the endpoint name, with `query` changing the route's example. */
  label?: string;
  query?: Record<string, string>;
  budgetColdMs: number;
  /** Factor analysis has no repeated-request budget in its issue. */
  budgetCachedMs: number | '';
}

// Each route's example from the table (the defaults its screen's first load sends), for a cold ticker.
export const COLD_CASES: readonly Case[] = [
  { endpoint: 'get_clusters_data', budgetColdMs: 60, budgetCachedMs: 5 },
  // Issue 23: DTW clusters at the defaults, p50 uncached <= 60 ms and cached <= 5 ms.
  {
    endpoint: 'get_clusters_data',
    label: 'get_clusters_data metric=dtw',
    query: { metric: 'dtw' },
    budgetColdMs: 60,
    budgetCachedMs: 5,
  },
  { endpoint: 'get_ts_arima_data', budgetColdMs: 150, budgetCachedMs: 5 },
  { endpoint: 'get_factor_analysis_data', budgetColdMs: 80, budgetCachedMs: '' },
];

function queryFor(endpoint: RouteName, ticker: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(routes[endpoint].example);
  q.set('ticker', ticker);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  return q.toString();
}

/** Tickers the rest of the bench requests (their caches are warm): never used as cold ones. */
const USED_ELSEWHERE = new Set(['AAPL', 'SPY', 'QQQ']);

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const round = (x: number) => +x.toFixed(1);

async function timed(url: string): Promise<{ ms: number; ok: boolean }> {
  const t = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  await res.arrayBuffer();
  return { ms: performance.now() - t, ok: res.ok };
}

/**
 * `perCase` distinct S&P 500 tickers per endpoint, disjoint across endpoints, taken spread over the
 * clusters table (which lists every ticker with enough history for the default training window).
 */
export async function coldTickers(baseUrl: string, cases: number, perCase: number): Promise<string[][]> {
  const res = await fetch(`${baseUrl}/api/get_clusters_table_data`);
  const table = clustersTableResponse.parse(await res.json());
  const pool = table.sp500.map((r) => r.ticker).filter((t) => !USED_ELSEWHERE.has(t));
  if (pool.length < cases * perCase)
    throw new Error(`only ${pool.length} tickers for ${cases * perCase} cold requests`);
  const step = Math.floor(pool.length / (cases * perCase));
  const picked = Array.from({ length: cases * perCase }, (_, i) => pool[i * step]!);
  return Array.from({ length: cases }, (_, c) => picked.filter((_, i) => i % cases === c));
}

export async function measureColdCached(baseUrl: string, perCase = 25): Promise<ColdCachedResult[]> {
  const slices = await coldTickers(baseUrl, COLD_CASES.length, perCase);
  const out: ColdCachedResult[] = [];
  for (const [c, def] of COLD_CASES.entries()) {
    const urls = slices[c]!.map((t) => `${baseUrl}/api/${def.endpoint}?${queryFor(def.endpoint, t, def.query)}`);
    const cold: number[] = [];
    const cached: number[] = [];
    let non2xx = 0;
    for (const u of urls) {
      const r = await timed(u);
      cold.push(r.ms);
      if (!r.ok) non2xx++;
    }
    // Each answer three more times: the per-parameter cache (minutes) and the series cache (a minute) still hold.
    for (let pass = 0; pass < 3; pass++) for (const u of urls) cached.push((await timed(u)).ms);
    out.push({
      endpoint: def.label ?? def.endpoint,
      tickers: urls.length,
      coldMedianMs: round(quantile(cold, 0.5)),
      coldP90Ms: round(quantile(cold, 0.9)),
      budgetColdMs: def.budgetColdMs,
      cachedMedianMs: round(quantile(cached, 0.5)),
      budgetCachedMs: def.budgetCachedMs,
      non2xx,
    });
  }
  return out;
}

// `node --import tsx scripts/bench/cold.ts http://127.0.0.1:3000` against a freshly started runtime.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await measureColdCached(process.argv[2] ?? 'http://127.0.0.1:3000'));
}
