/**
 * Issue 37's budget for chains built on demand: every optionable name's whole chain for a day (the
 * demo provider's `buildChain`: its options market, then the CBOE report) in <= 50 ms of CPU. Measured
 * in process over the demo universe (stocks and ETFs) on the dataset's last day, after one warm-up
 * pass over the first names so the JIT's first runs are not counted.
 */
import { optionsMarket } from '@tapewatch/functions/domain/options-market/index';
import { cboeChainReport } from '@tapewatch/functions/providers/demo/cboe-option-chain';
import { DEMO_SEED } from '@tapewatch/functions/providers/demo/demo-provider';
import { underlyingDayFrom } from '@tapewatch/functions/providers/demo/underlying-day';
import { readBundle } from '../demo-data/load-demo.ts';
import { buildDirectory, readStocks } from '../demo-data/universe.ts';
import type { Budgets } from './budgets.ts';

/** Issue 37: a chain computed lazily per ticker and day in at most this (and then cached). */
export const LAZY_CHAIN_BUDGET_MS = 50;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export interface LazyChainResult {
  names: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  overBudget: number;
  /** The slowest names with their build time and contract count. */
  slowest: string;
}

export function benchLazyChains(budgets: Budgets): LazyChainResult {
  const etfs = readBundle().series;
  const stocks = new Map([...readStocks()].map((s) => [s.ticker, s.series]));
  const vix = etfs.get('VIX');
  const inputs = buildDirectory([...etfs.keys()]).flatMap((e) => {
    const s = e.kind === 'stock' ? stocks.get(e.symbol) : e.kind === 'etf' ? etfs.get(e.symbol) : undefined;
    const date = s?.date.at(-1);
    if (!s || !date) return [];
    const v = e.symbol === 'SPY' && vix ? vix.close[vix.date.lastIndexOf(date)] : undefined;
    const u = underlyingDayFrom(e.symbol, e.kind as 'stock' | 'etf', s, date, v);
    return u ? [u] : [];
  });
  const build = (u: (typeof inputs)[number]) => cboeChainReport(optionsMarket(u, DEMO_SEED), DEMO_SEED);
  for (const u of inputs.slice(0, 30)) build(u);
  const times = inputs.map((u) => {
    const start = cpuMs();
    const rows = build(u).rows.length;
    return { symbol: u.symbol, ms: cpuMs() - start, rows };
  });
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const at = (p: number) => +sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
  const result: LazyChainResult = {
    names: times.length,
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: +sorted.at(-1)!.toFixed(1),
    overBudget: times.filter((t) => t.ms > LAZY_CHAIN_BUDGET_MS).length,
    slowest: [...times]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 6)
      .map((t) => `${t.symbol} ${t.ms.toFixed(0)} ms/${t.rows}`)
      .join(', '),
  };
  budgets.atMost(
    `lazy chain build per ticker and day, the slowest of ${times.length} names (CPU)`,
    result.maxMs,
    LAZY_CHAIN_BUDGET_MS,
    'ms',
  );
  return result;
}
