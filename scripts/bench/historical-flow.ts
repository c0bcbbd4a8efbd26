/**
 * Issue 23 item 2: the historical flow over the stored year (2023-03-09..2024-03-08), each query at 10
 * connections, with the rows answered and the trades the server scanned for them (the answer's
 * `scanned`). Budget: p99 <= 150 ms for every query.
 */
import { historicalFlowResponse } from '@tapewatch/shared/schemas/flow';
import type { Budgets } from './budgets.ts';
import { measureLatency, type LatencyResult } from './latency.ts';
import { processCpuMs } from './process-cpu.ts';

export const HISTORICAL_P99_BUDGET_MS = 150;

interface Query {
  name: string;
  start: string;
  end: string;
  filters?: unknown[];
  /** The n-th request's filters instead: every request a query the server has not answered yet. */
  filtersOf?: (n: number) => unknown[];
}

const premiumAtLeast = (value: string) => ({ filter: 'Premium', selector: 'Greater than equal', value });
/** Where this run's uncached queries start: a second run on the same server asks new ones too. */
const RUN_SEED = (Date.now() % 1e6) * 1000;

export const HISTORICAL_QUERIES: Query[] = [
  { name: '1 day', start: '2024-03-08', end: '2024-03-08' },
  { name: '1 month', start: '2024-02-01', end: '2024-02-29' },
  { name: 'whole year', start: '2023-03-09', end: '2024-03-08' },
  {
    name: 'whole year, 3 filters',
    start: '2023-03-09',
    end: '2024-03-08',
    filters: [premiumAtLeast('5'), { filter: 'DTE', selector: 'Greater than equal', value: '1' }],
  },
  {
    name: 'whole year, ticker AAPL',
    start: '2023-03-09',
    end: '2024-03-08',
    filters: [{ filter: 'Ticker', selector: 'Equal', tickers: ['AAPL'] }],
  },
  {
    name: 'month in 2023, ticker NVDA + calls',
    start: '2023-06-01',
    end: '2023-06-30',
    filters: [
      { filter: 'Ticker', selector: 'Equal', tickers: ['NVDA'] },
      { filter: 'Call/Put', selector: 'Equal', value: 'Call' },
    ],
  },
  // Few trades match anywhere: the scan goes far back (up to the scan bound) before it stops.
  {
    name: 'whole year, rare filter (premium >= $5M)',
    start: '2023-03-09',
    end: '2024-03-08',
    filters: [premiumAtLeast('5000')],
  },
  // What a user's own query costs: no kept answer to serve (the premium floor stays under $1, so
  // each answer still holds 10,000 rows), only the days kept parsed in the container.
  {
    name: 'whole year, a new filter each request (uncached)',
    start: '2023-03-09',
    end: '2024-03-08',
    filtersOf: (n) => [premiumAtLeast(`0.${String(RUN_SEED + n).padStart(9, '0')}`)],
  },
];

export function historicalPath(q: Query, n = 0): string {
  const dates = encodeURIComponent(JSON.stringify({ start: q.start, end: q.end }));
  const filters = q.filtersOf?.(n) ?? q.filters;
  return `/api/get_historical_options_flow?dates=${dates}${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`;
}

export interface HistoricalRow extends Omit<LatencyResult, 'path'> {
  query: string;
  rows: number;
  scanned: number;
  capped: boolean;
  /** One request alone, the first time the server sees it (its caches cold for this query). */
  firstMs: number;
  /** The server's CPU (all threads) per request at 10 connections, when its pid is known. */
  serverCpuMs: number | null;
}

export async function benchHistoricalFlow(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  /** The server process, for its CPU per request (Linux). */
  serverPid?: number,
): Promise<HistoricalRow[]> {
  const cpuMs = () => (serverPid === undefined ? null : processCpuMs(serverPid));
  const out: HistoricalRow[] = [];
  for (const q of HISTORICAL_QUERIES) {
    // A query with filtersOf starts past n = 0 (the first request below): each request is new.
    const path = q.filtersOf ? (n: number) => historicalPath(q, n + 1) : historicalPath(q);
    const t = performance.now();
    const res = await fetch(url + historicalPath(q), { headers });
    const text = await res.text();
    const firstMs = Math.round(performance.now() - t);
    if (res.status !== 200) throw new Error(`${q.name}: ${res.status} ${text.slice(0, 300)}`);
    const body = historicalFlowResponse.parse(JSON.parse(text));
    const cpuBefore = cpuMs();
    const { path: _, ...lat } = await measureLatency(url, path, 10, seconds, headers);
    const cpuAfter = cpuMs();
    // No answer within the client's timeout reads as p99 0: it is over any budget.
    if (lat.requests === 0) lat.p99 = lat.p50 = Number.POSITIVE_INFINITY;
    out.push({
      query: q.name,
      rows: body.options_flow.length,
      scanned: body.scanned ?? -1,
      capped: body.capped ?? false,
      firstMs,
      // measureLatency warms up with 20 requests first.
      serverCpuMs:
        cpuBefore === null || cpuAfter === null ? null : +((cpuAfter - cpuBefore) / (lat.requests + 20)).toFixed(1),
      ...lat,
    });
  }
  return out;
}

export function historicalBudgets(budgets: Budgets, rows: readonly HistoricalRow[]): void {
  for (const r of rows)
    budgets.atMost(
      `historical flow p99, ${r.query} (${r.rows} rows, ${r.scanned} scanned)`,
      r.p99,
      HISTORICAL_P99_BUDGET_MS,
      'ms',
    );
}
