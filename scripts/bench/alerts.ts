import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { directionStats, scanRule, tickerDirections } from '@tapewatch/functions/domain/alerts/backtest';
import { toColumns, type DayColumns } from '@tapewatch/functions/domain/alerts/flow-columns';
import { buildRuleIndex, matchTrade, type MatchableRule } from '@tapewatch/functions/domain/alerts/rule-index';

/**
 * Issue 25 kernels, in process: the live matcher over 10,000 active rules of 2,000 users, one trade
 * at a time as 10 trades/s arrive, and the backtest's one-year scan over a year of flow in columns
 * (3,000 trades a day, 250 days) once the container holds it. Seeded, so runs compare.
 */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export const BENCH_TICKERS = Array.from({ length: 500 }, (_, i) => `T${String(i).padStart(3, '0')}`);
const TYPES = ['Sweep', 'Block', 'Split', 'Trade'];
const FILLS = ['Above Ask', 'Ask', 'Mid', 'Bid', 'Below Bid'] as const;

export function syntheticTrade(r: () => number, date: string, i: number): FlowTrade {
  // Busy names trade most: the first 20 tickers take about half the flow, as SPY/QQQ/NVDA do.
  const ticker =
    r() < 0.5 ? BENCH_TICKERS[Math.floor(r() * 20)]! : BENCH_TICKERS[Math.floor(r() * BENCH_TICKERS.length)]!;
  const price = +(0.1 + r() * 20).toFixed(2);
  const size = 1 + Math.floor(r() ** 3 * 2000);
  return {
    key: `${date}-${i}`,
    ticker,
    date,
    time: `${String(9 + Math.floor(r() * 7)).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}:00`,
    put_call: r() < 0.55 ? 'Call' : 'Put',
    strike_price: Math.round(50 + r() * 500),
    date_expiration: '2024-06-21',
    DTE: Math.floor(r() * 400),
    option_activity_type: TYPES[Math.floor(r() * TYPES.length)]!,
    exchange: null,
    aggressor_ind: null,
    ask: price,
    bid: price - 0.05,
    midpoint: price - 0.025,
    price,
    size,
    volume: size + Math.floor(r() * 5000),
    open_interest: Math.floor(r() * 20000),
    underlying_price: 100,
    cost_basis: +((price * size * 100) / 1000).toFixed(2),
    trade_count: 1,
    fill: FILLS[Math.floor(r() * FILLS.length)]!,
    sentiment: 'Bullish',
    score: +r().toFixed(2),
  };
}

/** 10,000 rules of 2,000 users: 70% one ticker, 20% a 10-ticker list, 10% no ticker; each with 1-3 more filters. */
/** The one-year backtest rows' rule: calls of $200K and more (the warm and the cold row time the same rule). */
export const BROAD_BACKTEST_RULE: MatchableRule = {
  id: 'bt',
  userId: 'u',
  name: 'bt',
  filters: [
    { filter: 'Premium', selector: 'Greater than equal', value: '200' },
    { filter: 'Call/Put', selector: 'Equal', value: 'Call' },
  ],
};

export function benchRules(count = 10_000, users = 2_000): MatchableRule[] {
  const r = rng(25);
  return Array.from({ length: count }, (_, i): MatchableRule => {
    const kind = r();
    const extra: MatchableRule['filters'] = [
      // Premium is in thousands: alerts watch for the big prints, $250K to $5M.
      { filter: 'Premium', selector: 'Greater than equal', value: String(Math.round(250 + r() * 4750)) },
      ...(r() < 0.5
        ? [{ filter: 'Call/Put' as const, selector: 'Equal' as const, value: r() < 0.5 ? 'Call' : 'Put' }]
        : []),
      ...(r() < 0.3
        ? [{ filter: 'DTE' as const, selector: 'Smaller than' as const, value: String(Math.floor(r() * 60)) }]
        : []),
    ];
    const tickers =
      kind < 0.7
        ? [BENCH_TICKERS[Math.floor(r() * BENCH_TICKERS.length)]!]
        : kind < 0.9
          ? Array.from({ length: 10 }, () => BENCH_TICKERS[Math.floor(r() * BENCH_TICKERS.length)]!)
          : null;
    return {
      id: `r${i}`,
      userId: `u${i % users}`,
      name: `rule ${i}`,
      filters: tickers ? [{ filter: 'Ticker', selector: 'Equal', tickers }, ...extra] : extra,
    };
  });
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export interface AlertBench {
  rules: number;
  indexBuildMs: number;
  trades: number;
  matchP50Ms: number;
  matchP99Ms: number;
  firesPerTrade: number;
  backtestDays: number;
  backtestTrades: number;
  backtestMedianMs: number;
  backtestTickerMedianMs: number;
}

export function benchAlerts(): AlertBench {
  const rules = benchRules();
  const t0 = performance.now();
  const index = buildRuleIndex(rules);
  const indexBuildMs = performance.now() - t0;
  const r = rng(7);
  // Ten minutes of the live feed at 10 trades/s.
  const trades = Array.from({ length: 6000 }, (_, i) => syntheticTrade(r, '2024-03-08', i));
  const times: number[] = [];
  let fires = 0;
  for (const t of trades) {
    const s = performance.now();
    fires += matchTrade(index, t).length;
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);

  const days: DayColumns[] = [];
  for (let d = 0; d < 250; d += 1) {
    const date = new Date(Date.UTC(2023, 2, 9) + d * 86_400_000).toISOString().slice(0, 10);
    days.push(
      toColumns(
        date,
        Array.from({ length: 3000 }, (_, i) => syntheticTrade(r, date, i)),
      ),
    );
  }
  const broad = BROAD_BACKTEST_RULE;
  const oneTicker: MatchableRule = {
    ...broad,
    filters: [...broad.filters, { filter: 'Ticker', selector: 'Equal', tickers: ['T001'] }],
  };
  const series = { date: days.map((d) => d.date), close: days.map((_, i) => 100 + Math.sin(i / 9) * 10) };
  const run = (rule: MatchableRule) => {
    const s = performance.now();
    const scan = scanRule(days, rule);
    const base = tickerDirections(days, scan.caught.keys());
    for (const h of [1, 5]) {
      directionStats(scan.caught, () => series, h);
      directionStats(base, () => series, h);
    }
    return performance.now() - s;
  };
  const median = (f: () => number) => {
    const xs = Array.from({ length: 7 }, f).sort((a, b) => a - b);
    return xs[3]!;
  };
  return {
    rules: index.size,
    indexBuildMs: +indexBuildMs.toFixed(1),
    trades: trades.length,
    matchP50Ms: +quantile(times, 0.5).toFixed(4),
    matchP99Ms: +quantile(times, 0.99).toFixed(4),
    firesPerTrade: +(fires / trades.length).toFixed(2),
    backtestDays: days.length,
    backtestTrades: days.reduce((s, d) => s + d.length, 0),
    backtestMedianMs: +median(() => run(broad)).toFixed(1),
    backtestTickerMedianMs: +median(() => run(oneTicker)).toFixed(1),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = benchAlerts();
  console.table(out);
  console.log(
    'load average',
    (await import('node:os')).loadavg().map((l) => +l.toFixed(2)),
  );
}
