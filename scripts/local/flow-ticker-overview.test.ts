import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import {
  intradayPremiumsResponse,
  latestTradesResponse,
  seasonalityResponse,
  tickerMetrics1dResponse,
  tickerMetrics5dResponse,
} from '@tapewatch/shared/schemas/flow-ticker-overview';
import { flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';

/** The stored trades of every flow day, newest day first (read once, independently of the summaries). */
let days: Array<{ date: string; trades: FlowTrade[] }>;
const TODAY = '2024-03-08';

const { api } = useIntegrationRuntime({ callers: flowCallers(), token: 'sub-token' });
beforeAll(async () => {
  const repo = new FlowRepository(documentClient());
  const listed = await repo.listDays('2019-01-01', TODAY);
  days = await Promise.all(listed.map(async ({ date }) => ({ date, trades: (await repo.readDay(date)).trades })));
}, 60_000);

/** Hand-rolled metrics straight from trades. */
function metricsOf(trades: FlowTrade[]) {
  const side = (pc: 'Call' | 'Put') => trades.filter((t) => t.put_call === pc);
  const calls = side('Call');
  const puts = side('Put');
  const sum = (ts: FlowTrade[], f: (t: FlowTrade) => number) => ts.reduce((s, t) => s + f(t), 0);
  return {
    call_premiums: sum(calls, (t) => t.cost_basis),
    put_premiums: sum(puts, (t) => t.cost_basis),
    call_flow: calls.length,
    put_flow: puts.length,
    avg_call_score: calls.length ? sum(calls, (t) => t.score) / calls.length : null,
    avg_put_score: puts.length ? sum(puts, (t) => t.score) / puts.length : null,
  };
}
const tickerTrades = (ts: FlowTrade[], ticker: string) => ts.filter((t) => t.ticker === ticker);
const close = (a: number | null, b: number | null) =>
  a === null || b === null ? expect(a).toBe(b) : expect(a).toBeCloseTo(b, 6);

const ROUTES = [
  'get_options_flow_ticker_metrics_1d_data',
  'get_options_flow_ticker_metrics_data',
  'get_options_flow_intraday_premiums_data',
  'get_options_flow_seasonality_data',
  'get_options_flow_latest_trades_data',
] as const;

describe('Ticker Overview endpoints', () => {
  it('gate every route: 401 without a token, 403 for a free user', async () => {
    for (const name of ROUTES) {
      expect((await api.get(name, { ticker: 'SPY' }, { token: null })).status).toBe(401);
      const free = await api.get(name, { ticker: 'SPY' }, { token: 'free-token' });
      expect(free.status).toBe(403);
      expect(free.body).toEqual({ alert_show: true, alert_message: 'You need to subscribe to access this page.' });
    }
  });

  it('refuses bad input: an interval outside 0|1|2 (400 naming it), a malformed ticker (400), an unknown ticker (404)', async () => {
    const bad = await api.getUnchecked('get_options_flow_intraday_premiums_data', { ticker: 'SPY', interval: '3' });
    expect(bad.status).toBe(400);
    expect(bad.body.alert_show).toBe(true);
    expect(String(bad.body.alert_message)).toMatch(/interval/);
    expect((await api.getUnchecked('get_options_flow_seasonality_data', { ticker: 'SPY', extra: '1' })).status).toBe(
      400,
    );
    for (const name of ROUTES) {
      const unknown = await api.get(name, { ticker: 'ZZZZQ' });
      expect(unknown.status).toBe(404);
      expect(String(unknown.body.alert_message)).toMatch(/Unknown ticker ZZZZQ/);
    }
  });

  it('1-day metrics: today so far, the last full day and its change against the day before', async () => {
    const { status, body } = await api.get('get_options_flow_ticker_metrics_1d_data', { ticker: 'spy' });
    expect(status).toBe(200);
    const r = tickerMetrics1dResponse.parse(body);
    const full = days.filter((d) => d.date < TODAY && d.trades.length > 0);
    const today = days.find((d) => d.date === TODAY)!;
    expect([r.ticker, r.current_date, r.prior_date, r.base_date]).toEqual(['SPY', TODAY, full[0]!.date, full[1]!.date]);
    const cur = metricsOf(tickerTrades(today.trades, 'SPY'));
    const prior = metricsOf(tickerTrades(full[0]!.trades, 'SPY'));
    const base = metricsOf(tickerTrades(full[1]!.trades, 'SPY'));
    for (const k of Object.keys(cur) as Array<keyof typeof cur>) {
      close(r.current[k], cur[k]);
      close(r.prior[k], prior[k]);
      close(r.prior[`${k}_chg`], ((prior[k]! - base[k]!) / Math.abs(base[k]!)) * 100);
    }
    expect(r.current.call_flow).toBeGreaterThan(0);
  });

  it('5-day metrics over the stored full days (the seed has fewer than 10: no base, no change)', async () => {
    const r = tickerMetrics5dResponse.parse(
      (await api.get('get_options_flow_ticker_metrics_data', { ticker: 'QQQ' })).body,
    );
    const full = days.filter((d) => d.date < TODAY && d.trades.length > 0);
    const period = full.slice(0, 5);
    const m = metricsOf(period.flatMap((d) => tickerTrades(d.trades, 'QQQ')));
    for (const k of Object.keys(m) as Array<keyof typeof m>) close(r[k], m[k]);
    expect(r.days).toEqual(period.map((d) => d.date));
    expect(r.base_days).toEqual(full.slice(5, 10).map((d) => d.date));
    if (full.length <= 5) expect(r.call_premiums_chg).toBeNull();
  });

  it('intraday premiums of today in 10- and 30-minute buckets, with candles of the underlying price', async () => {
    const today = tickerTrades(days.find((d) => d.date === TODAY)!.trades, 'SPY');
    for (const [interval, minutes] of [
      ['1', 10],
      ['2', 30],
    ] as const) {
      const r = intradayPremiumsResponse.parse(
        (await api.get('get_options_flow_intraday_premiums_data', { ticker: 'SPY', interval })).body,
      );
      expect([r.date, r.minutes]).toEqual([TODAY, minutes]);
      const sum = (pc: string) => today.filter((t) => t.put_call === pc).reduce((s, t) => s + t.cost_basis, 0);
      expect(r.calls.reduce((a, b) => a + b, 0)).toBeCloseTo(sum('Call'), 6);
      expect(r.puts.reduce((a, b) => a + b, 0)).toBeCloseTo(sum('Put'), 6);
      // The first bucket, recomputed from the trades.
      const [h, m] = r.index[0]!.split(':').map(Number) as [number, number];
      const start = h * 60 + m;
      const inFirst = today
        .filter((t) => {
          const [th, tm] = t.time.split(':').map(Number) as [number, number];
          return Math.max(start, th * 60 + tm) < start + minutes;
        })
        .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
      const prices = inFirst.map((t) => t.underlying_price).filter((p): p is number => p !== null);
      expect(r.ohlc[0]).toEqual([prices[0], Math.max(...prices), Math.min(...prices), prices.at(-1)]);
    }
    // Default interval: 10 minutes.
    expect(
      intradayPremiumsResponse.parse((await api.get('get_options_flow_intraday_premiums_data', { ticker: 'SPY' })).body)
        .minutes,
    ).toBe(10);
  });

  it('seasonality averages per full day from the stored trades and says how many days it covers', async () => {
    const r = seasonalityResponse.parse((await api.get('get_options_flow_seasonality_data', { ticker: 'SPY' })).body);
    const full = days.filter((d) => d.date < TODAY && d.trades.length > 0);
    expect(r.days).toBe(full.length);
    const calls = full.flatMap((d) => tickerTrades(d.trades, 'SPY')).filter((t) => t.put_call === 'Call');
    // Averages per day times the days in each category sum back to the total.
    const intradayTotal = r.intraday.calls.reduce<number>((s, v) => s + (v ?? 0), 0) * full.length;
    expect(intradayTotal).toBeCloseTo(
      calls.reduce((s, t) => s + t.cost_basis, 0),
      4,
    );
    const fridays = full.filter((d) => new Date(`${d.date}T12:00:00Z`).getUTCDay() === 5);
    const fridayCalls = fridays.flatMap((d) => tickerTrades(d.trades, 'SPY')).filter((t) => t.put_call === 'Call');
    close(
      r.daily.calls[4]!,
      fridays.length ? fridayCalls.reduce((s, t) => s + t.cost_basis, 0) / fridays.length : null,
    );
  });

  it('latest trades: the last 50 of the ticker-day, newest first', async () => {
    const r = latestTradesResponse.parse(
      (await api.get('get_options_flow_latest_trades_data', { ticker: 'SPY' })).body,
    );
    const today = tickerTrades(days.find((d) => d.date === TODAY)!.trades, 'SPY');
    const expected = [...today]
      .sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : a.key < b.key ? 1 : -1))
      .slice(0, 50);
    expect(r.date).toBe(TODAY);
    expect(r.data.map((t) => t.key)).toEqual(expected.map((t) => t.key));
  });

  it('a known ticker without flow: 200 with empty data', async () => {
    const traded = new Set(days.flatMap((d) => d.trades.map((t) => t.ticker)));
    const quiet = (await new DirectoryRepository(documentClient()).all()).find((e) => !traded.has(e.symbol))!;
    expect(quiet).toBeDefined();
    const t = quiet.symbol;
    const intraday = intradayPremiumsResponse.parse(
      (await api.get('get_options_flow_intraday_premiums_data', { ticker: t })).body,
    );
    expect([intraday.date, intraday.index]).toEqual([null, []]);
    expect(
      latestTradesResponse.parse((await api.get('get_options_flow_latest_trades_data', { ticker: t })).body).data,
    ).toEqual([]);
    const m1 = tickerMetrics1dResponse.parse(
      (await api.get('get_options_flow_ticker_metrics_1d_data', { ticker: t })).body,
    );
    expect([m1.has_flow, m1.current.call_flow, m1.prior.call_premiums_chg]).toEqual([false, 0, null]);
    const s = seasonalityResponse.parse((await api.get('get_options_flow_seasonality_data', { ticker: t })).body);
    expect(s.has_flow).toBe(false);
    expect(JSON.stringify(s)).not.toMatch(/NaN|Infinity/);
  });
});
