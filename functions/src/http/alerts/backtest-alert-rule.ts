import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import type { BacktestResponse } from '@tapewatch/shared/schemas/alerts';
import { documentClient } from '../../data/client.ts';
import { cachedSeries } from '../../data/series-cache.ts';
import type { DailySeries } from '../../data/timeseries-repository.ts';
import { WatchlistsRepository } from '../../data/watchlists-repository.ts';
import { directionStats, ruleColumns, scanRule, tickerDirections } from '../../domain/alerts/backtest.ts';
import { PRINT_COLUMNS, pnlAt, printPnlAt, samplePrints } from '../../domain/alerts/backtest-sample.ts';
import { SIDE } from '../../domain/alerts/columns-codec.ts';
import { evenSample } from '../../domain/alerts/print-outcomes.ts';
import type { MatchableRule } from '../../domain/alerts/rule-index.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor, dataMode } from '../../platform/clock.ts';
import { loadDirectory } from '../tickers/directory-cache.ts';
import { historyColumns } from './backtest-days.ts';
import { contractMarker } from './backtest-marks.ts';

/**
 * The moves and P&L are measured over the tickers the rule caught most often (a broad rule catches
 * hundreds, and each needs its price history read): caught prints and baseline use the same set.
 */
export const MOVE_TICKERS = 50;
/** Days sampled across the history for the listed prints and the P&L, and prints per day (caught, and baseline). */
export const SAMPLE_DAYS = 24;
export const SAMPLE_PER_DAY = 40;
/** More alerts than this a day on average, and a rule is noise: nobody reads that many. */
export const NOISE_PER_DAY = 10;

export const handler = defineHandler('backtest_alert_rule', async ({ caller, body }) => {
  const { rule: input } = body;
  const watchlistTickers = input.watchlist_id
    ? ((await new WatchlistsRepository(documentClient()).read(caller!.userId)).lists.find(
        (l) => l.id === input.watchlist_id,
      )?.tickers ?? [])
    : null;
  const rule = { id: 'backtest', userId: caller!.userId, name: input.name, filters: input.filters, watchlistTickers };
  return backtestRule(rule, clockFor().today());
});

/**
 * The backtest of a rule over the stored days before `today`. `load` gives the days in columns (the
 * stored columns; the bench and the tests pass the scan of every trade to compare the two).
 */
export async function backtestRule(
  rule: MatchableRule,
  today: string,
  load: typeof historyColumns = historyColumns,
): Promise<BacktestResponse> {
  const started = performance.now();
  const days = await load(today, [SIDE, ...ruleColumns(rule)]);
  const scan = scanRule(days, rule);
  const total = (m: Map<string, [number, number]>) => [...m.values()].reduce((a, [b, r]) => a + b + r, 0);
  const tickers = [...scan.caught.entries()]
    .sort((a, b) => total(b[1]) - total(a[1]))
    .slice(0, MOVE_TICKERS)
    .map(([t]) => t);
  const caught = new Map(tickers.map((t) => [t, scan.caught.get(t)!]));
  const baseline = tickerDirections(days, tickers);

  // Prints listed and marked: all the rule caught (and all prints of its tickers) on days spread over the history.
  const firedDays = scan.perDay.filter((d) => d.fires > 0).map((d) => d.date);
  const sampleDates = evenSample(firedDays.length, SAMPLE_DAYS).map((i) => firedDays[i]!);
  const sampled =
    sampleDates.length > 0 ? await load(today, [SIDE, ...ruleColumns(rule), ...PRINT_COLUMNS], sampleDates) : [];
  const tickerSet = new Set(tickers);
  const prints = samplePrints(sampled, rule, tickerSet, SAMPLE_PER_DAY);

  const series = new Map<string, DailySeries | null>();
  // From the year before the first stored day: the year of sessions the options market's volatility needs.
  const fromYear = Number((days[0]?.date ?? today).slice(0, 4)) - 1;
  const read = (t: string) => cachedSeries(t, fromYear).catch(() => null);
  const listed = evenSample(prints.caught.length, ALERT_LIMITS.backtestTrades).map((i) => prints.caught[i]!);
  const [directory, vix] = await Promise.all([
    loadDirectory().catch(() => null),
    read('VIX'),
    ...[...new Set([...tickers, ...listed.map((p) => p.ticker)])].map(async (t) => {
      const s = await read(t);
      series.set(t, s && s.date.length > 0 ? s : null);
    }),
  ]);
  const seriesOf = (t: string) => series.get(t) ?? null;
  const mark = contractMarker(seriesOf, (t) => (directory?.bySymbol.get(t)?.kind === 'etf' ? 'etf' : 'stock'), vix);
  const pnlOf = (list: typeof prints.caught) => ({
    d1: pnlAt(list, mark, 1),
    d5: pnlAt(list, mark, 5),
    d20: pnlAt(list, mark, 20),
  });
  const firesPerDay = days.length > 0 ? Math.round((scan.fired / days.length) * 100) / 100 : 0;
  return {
    from: days[0]?.date ?? null,
    to: days[days.length - 1]?.date ?? null,
    days: days.length,
    scanned: scan.scanned,
    fired: scan.fired,
    fires_per_day: firesPerDay,
    noisy: firesPerDay > NOISE_PER_DAY,
    noise_per_day: NOISE_PER_DAY,
    simulated: dataMode() === 'demo',
    per_day: scan.perDay,
    prints: listed.map((p) => ({
      date: p.date,
      time: p.time,
      ticker: p.ticker,
      put_call: p.put_call,
      strike_price: p.strike_price,
      date_expiration: p.date_expiration,
      price: p.price,
      size: p.size,
      premium: p.premium,
      option_activity_type: p.option_activity_type,
      side: p.side === 1 ? ('bought' as const) : p.side === -1 ? ('sold' as const) : null,
      pnl: { d1: printPnlAt(p, mark, 1), d5: printPnlAt(p, mark, 5), d20: printPnlAt(p, mark, 20) },
    })),
    direction: {
      caught: { d1: directionStats(caught, seriesOf, 1), d5: directionStats(caught, seriesOf, 5) },
      baseline: { d1: directionStats(baseline, seriesOf, 1), d5: directionStats(baseline, seriesOf, 5) },
    },
    pnl: {
      sample_days: sampled.length,
      caught: pnlOf(prints.caught.filter((p) => tickerSet.has(p.ticker))),
      baseline: pnlOf(prints.baseline),
    },
    elapsed_ms: Math.round(performance.now() - started),
  };
}
