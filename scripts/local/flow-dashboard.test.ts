import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import {
  highOiLeapsResponse,
  indexMetricsResponse,
  indexQuotesResponse,
  largestFlowResponse,
  overAvgResponse,
  sectorInflowResponse,
} from '@tapewatch/shared/schemas/flow-dashboard';
import { flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';

const PATHS = [
  'get_options_flow_index_metrics_data',
  'get_options_flow_index_quotes_data',
  'get_options_flow_largest_flow_data',
  'get_options_flow_sector_inflow_data',
  'get_options_flow_high_oi_leaps_data',
  'get_options_flow_daily_over_avg_premiums_data',
  'get_options_flow_daily_over_avg_size_data',
] as const;

/** Every stored day with flow, newest first, read from the trades (not from the summaries the API uses). */
let days: Array<{ date: string; trades: FlowTrade[] }>;

const { api } = useIntegrationRuntime({ callers: flowCallers(), token: 'sub-token' });
beforeAll(async () => {
  const repo = new FlowRepository(documentClient());
  const listed = (await repo.listDays('2019-01-01', '2024-03-08')).filter((d) => d.trades > 0);
  days = await Promise.all(listed.map(async ({ date }) => ({ date, trades: (await repo.readDay(date)).trades })));
}, 60_000);

const premium = (ts: FlowTrade[], pc: 'Call' | 'Put') =>
  ts.filter((t) => t.put_call === pc).reduce((s, t) => s + t.cost_basis, 0);

describe('Dashboard endpoints', () => {
  it('gate every route: 401 without a token, 403 with the alert for a free user; a query parameter is a 400', async () => {
    for (const path of PATHS) {
      expect((await api.get(path, {}, { token: null })).status, path).toBe(401);
      const free = await api.get(path, {}, { token: 'free-token' });
      expect(free.status).toBe(403);
      expect(free.body).toEqual({ alert_show: true, alert_message: 'You need to subscribe to access this page.' });
      const bad = await api.getUnchecked(path, { ticker: 'SPY' });
      expect(bad.status).toBe(400);
      expect(bad.body.alert_message).toMatch(/ticker/);
    }
  });

  it('index metrics: the day call/put premiums and trade counts of SPY, QQQ, IWM equal the stored trades', async () => {
    const r = indexMetricsResponse.parse((await api.get(PATHS[0]!)).body);
    const day = days[0]!;
    expect(r.date).toBe(day.date);
    expect(r.data.map((d) => d.ticker)).toEqual(['SPY', 'QQQ', 'IWM']);
    for (const row of r.data) {
      const mine = day.trades.filter((t) => t.ticker === row.ticker);
      expect(row.call_premiums).toBeCloseTo(premium(mine, 'Call'), 1);
      expect(row.put_premiums).toBeCloseTo(premium(mine, 'Put'), 1);
      expect(row.call_flow).toBe(mine.filter((t) => t.put_call === 'Call').length);
      expect(row.put_flow).toBe(mine.filter((t) => t.put_call === 'Put').length);
    }
    expect(r.data[0]!.call_flow).toBeGreaterThan(0);
  });

  it('index quotes: the latest trade price of the day against the previous close', async () => {
    const r = indexQuotesResponse.parse((await api.get(PATHS[1]!)).body);
    const day = days[0]!;
    expect(r.date).toBe(day.date);
    for (const q of r.data) {
      const series = await new TimeSeriesRepository(documentClient()).getSeries(q.ticker, 2023);
      const prev = series.close[series.date.findLastIndex((d) => d < day.date)]!;
      const last = day.trades
        .filter((t) => t.ticker === q.ticker && t.underlying_price !== null)
        .sort((a, b) => a.time.localeCompare(b.time))
        .at(-1);
      if (!last) continue;
      expect(q.source).toBe('flow');
      expect(q.latestPrice).toBe(last.underlying_price);
      expect(q.previousClose).toBe(prev);
      expect(q.change).toBeCloseTo(last.underlying_price! - prev, 3);
      expect(q.changePercent).toBeCloseTo((last.underlying_price! / prev - 1) * 100, 3);
    }
  });

  it('largest flow: the day and week biggest trades by premium, in the spec positions', async () => {
    const r = largestFlowResponse.parse((await api.get(PATHS[2]!)).body);
    const byPremium = (ts: FlowTrade[]) => [...ts].sort((a, b) => b.cost_basis - a.cost_basis);
    const daily = byPremium(days[0]!.trades).slice(0, 30);
    expect(r.daily.map((e) => e[1])).toEqual(daily.map((t) => Math.round(t.cost_basis * 100) / 100));
    const top = daily[0]!;
    expect(r.daily[0]!.slice(0, 6)).toEqual([
      top.ticker,
      Math.round(top.cost_basis * 100) / 100,
      top.put_call === 'Call' ? 'CALL' : 'PUT',
      top.strike_price,
      top.date_expiration,
      top.sentiment,
    ]);
    expect(r.daily[0]![6]).toBe(1);
    const week = days.slice(0, 5);
    expect(r.week_from).toBe(week.at(-1)!.date);
    expect(r.weekly.map((e) => e[1])).toEqual(
      byPremium(week.flatMap((d) => d.trades))
        .slice(0, 30)
        .map((t) => Math.round(t.cost_basis * 100) / 100),
    );
  });

  it('sector inflow: per-sector net equals calls minus puts, ordered by net; weekly covers five days', async () => {
    const r = sectorInflowResponse.parse((await api.get(PATHS[3]!)).body);
    for (const side of [r.daily, r.weekly]) {
      expect(side.sectors.length).toBeGreaterThan(3);
      for (const s of ['Unclassified', 'Index']) expect(side.sectors).not.toContain(s);
      side.net.forEach((n, i) => expect(n).toBeCloseTo(side.calls[i]! - side.puts[i]!, 1));
      expect(side.net).toEqual([...side.net].sort((a, b) => b - a));
    }
    const sumCalls = (s: typeof r.daily) => s.calls.reduce((a, b) => a + b, 0);
    expect(sumCalls(r.weekly)).toBeGreaterThan(sumCalls(r.daily));
  });

  it('high OI LEAPS: the day trades with DTE >= 365, highest open interest first', async () => {
    const r = highOiLeapsResponse.parse((await api.get(PATHS[4]!)).body);
    const leaps = days[0]!.trades.filter((t) => t.DTE >= 365).sort((a, b) => b.open_interest - a.open_interest);
    expect(r.data.length).toBe(Math.min(50, leaps.length));
    expect(r.data.map((t) => t.open_interest)).toEqual(leaps.slice(0, 50).map((t) => t.open_interest));
    expect(r.data.every((t) => t.DTE >= 365)).toBe(true);
  });

  it('over the 20-day average: current and average recomputed from the stored trades, ranked by their ratio', async () => {
    for (const [path, value] of [
      [PATHS[5]!, (t: FlowTrade) => t.cost_basis],
      [PATHS[6]!, (t: FlowTrade) => t.size],
    ] as const) {
      const r = overAvgResponse.parse((await api.get(path)).body);
      const before = days.slice(1, 21);
      expect([r.average_from, r.average_to]).toEqual([before.at(-1)!.date, before[0]!.date]);
      for (const [side, pc] of [
        [r.calls, 'Call'],
        [r.puts, 'Put'],
      ] as const) {
        expect(side.tickers.length).toBeGreaterThan(0);
        const total = (ts: FlowTrade[], ticker: string) =>
          ts.filter((t) => t.ticker === ticker && t.put_call === pc).reduce((s, t) => s + value(t), 0);
        side.tickers.forEach((ticker, i) => {
          expect(side.current[i]).toBeCloseTo(total(days[0]!.trades, ticker), 1);
          expect(side.average[i]).toBeCloseTo(
            before.reduce((s, d) => s + total(d.trades, ticker), 0) / before.length,
            1,
          );
        });
        const ratios = side.current.map((c, i) => c / side.average[i]!);
        ratios.slice(1).forEach((q, i) => expect(q).toBeLessThanOrEqual(ratios[i]! * 1.001));
      }
    }
  });
});
