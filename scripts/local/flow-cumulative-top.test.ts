import { occSymbolOfPrint } from '@tapewatch/shared/options/occ-symbol';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { DirectoryRepository } from '@tapewatch/functions/data/directory-repository';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import {
  byStrikeResponse,
  historicalPremiumResponse,
  topPremiumsResponse,
} from '@tapewatch/shared/schemas/flow-cumulative-top';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';

/** Every stored flow day's trades, newest first, read independently of the summaries. */
let days: Array<{ date: string; trades: FlowTrade[] }>;
let directory: DirectoryEntry[];

const { api } = useIntegrationRuntime({ callers: flowCallers(), token: 'sub-token' });
beforeAll(async () => {
  const repo = new FlowRepository(documentClient());
  const listed = (await repo.listDays('2019-01-01', '2024-03-08')).filter((d) => d.trades > 0);
  days = await Promise.all(listed.map(async ({ date }) => ({ date, trades: (await repo.readDay(date)).trades })));
  directory = await new DirectoryRepository(documentClient()).all();
}, 60_000);

const sum = (ts: FlowTrade[], pc: 'Call' | 'Put', f: (t: FlowTrade) => number = (t) => t.cost_basis) =>
  ts.filter((t) => t.put_call === pc).reduce((s, t) => s + f(t), 0);

const ROUTES = [
  ['get_options_flow_historical_premium_data', 'ticker=SPY'],
  ['get_options_flow_by_strike_data', 'ticker=SPY'],
  ['get_options_flow_top_premiums_data', ''],
] as const;

describe('Cumulative Stats and Top Premiums endpoints', () => {
  it('gate every route: 401 without a token, 403 for a free user', async () => {
    for (const [name, query] of ROUTES) {
      expect((await api.getUnchecked(name, query, { token: null })).status).toBe(401);
      const free = await api.getUnchecked(name, query, { token: 'free-token' });
      expect(free.status).toBe(403);
      expect(free.body).toEqual({ alert_show: true, alert_message: 'You need to subscribe to access this page.' });
    }
  });

  it('refuses a lookback outside the allowed set (400 naming it) and an unknown ticker (404)', async () => {
    for (const [name, query] of [
      ['get_options_flow_historical_premium_data', 'ticker=SPY&lookback=1'],
      ['get_options_flow_historical_premium_data', 'ticker=SPY&lookback=41'],
      ['get_options_flow_by_strike_data', 'ticker=SPY&lookback=0'],
      ['get_options_flow_by_strike_data', 'ticker=SPY&lookback=abc'],
      ['get_options_flow_top_premiums_data', 'lookback=3'],
      ['get_options_flow_top_premiums_data', 'lookback=20&x=1'],
    ] as const) {
      const path = `${name}?${query}`;
      const r = await api.getUnchecked(name, query);
      expect(r.status, path).toBe(400);
      expect(r.body.alert_show).toBe(true);
      expect(String(r.body.alert_message), path).toMatch(/lookback|x/);
    }
    const unknown = await api.get('get_options_flow_historical_premium_data', { ticker: 'NOPEQ', lookback: '5' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.alert_show).toBe(true);
    expect((await api.get('get_options_flow_by_strike_data', { ticker: 'NOPEQ' })).status).toBe(404);
  });

  it('historical premiums equal sums of the stored trades of the last N days with flow (default 20)', async () => {
    const r = historicalPremiumResponse.parse(
      (await api.get('get_options_flow_historical_premium_data', { ticker: 'spy' })).body,
    );
    const window = days.slice(0, 20).reverse();
    const withSpy = window.filter((d) => d.trades.some((t) => t.ticker === 'SPY'));
    expect(r.ticker).toBe('SPY');
    expect(r.lookback).toBe(20);
    expect([r.from, r.to]).toEqual([window[0]!.date, window.at(-1)!.date]);
    expect(r.dates).toEqual(withSpy.map((d) => d.date));
    let cum = 0;
    withSpy.forEach((d, i) => {
      const spy = d.trades.filter((t) => t.ticker === 'SPY');
      const c = sum(spy, 'Call');
      const p = sum(spy, 'Put');
      cum += c - p;
      expect(r.call_premiums[i]).toBeCloseTo(c, 1);
      expect(r.put_premiums[i]).toBeCloseTo(p, 1);
      expect(r.cum_net_premiums[i]).toBeCloseTo(cum, 1);
      const last = [...spy].sort((a, b) => a.time.localeCompare(b.time)).at(-1)!;
      expect(r.prices[i]).toBe(last.underlying_price);
    });
    const two = historicalPremiumResponse.parse(
      (await api.get('get_options_flow_historical_premium_data', { ticker: 'SPY', lookback: '2' })).body,
    );
    expect(two.dates).toEqual(withSpy.slice(-2).map((d) => d.date));
  });

  it('by-strike sums premiums and sizes per strike over the lookback', async () => {
    const r = byStrikeResponse.parse(
      (await api.get('get_options_flow_by_strike_data', { ticker: 'SPY', lookback: '2' })).body,
    );
    const trades = days
      .slice(0, 2)
      .flatMap((d) => d.trades)
      .filter((t) => t.ticker === 'SPY');
    const strikes = [...new Set(trades.map((t) => t.strike_price))].sort((a, b) => a - b);
    expect(r.strike_price).toEqual(strikes);
    const at = (k: number) => trades.filter((t) => t.strike_price === k);
    strikes.forEach((k, i) => {
      expect(r.call_premiums[i]).toBeCloseTo(sum(at(k), 'Call'), 1);
      expect(r.put_premiums[i]).toBeCloseTo(sum(at(k), 'Put'), 1);
      expect(r.call_size[i]).toBeCloseTo(
        sum(at(k), 'Call', (t) => t.size),
        1,
      );
      expect(r.put_size[i]).toBeCloseTo(
        sum(at(k), 'Put', (t) => t.size),
        1,
      );
    });
  });

  it('top premiums: per-ticker sums, sectors without plain ETFs, put/call totals', async () => {
    const r = topPremiumsResponse.parse((await api.get('get_options_flow_top_premiums_data', { lookback: '1' })).body);
    const trades = days[0]!.trades;
    const tickers = [...new Set(trades.map((t) => t.ticker))];
    expect(r.by_ticker).toHaveLength(tickers.length);
    const nets = r.by_ticker.map((row) => row.net);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
    const bySymbol = new Map(directory.map((e) => [e.symbol, e]));
    const sectorCalls = new Map<string, number>();
    for (const row of r.by_ticker) {
      const mine = trades.filter((t) => t.ticker === row.ticker);
      expect(row.calls).toBeCloseTo(sum(mine, 'Call'), 1);
      expect(row.puts).toBeCloseTo(sum(mine, 'Put'), 1);
      // The largest print on a contract still listed on the day: the contract page's link.
      const listed = mine.filter((t) => t.date_expiration >= days[0]!.date);
      const largest = Math.max(...listed.map((t) => t.cost_basis));
      if (listed.length === 0) expect(row.top_contract).toBeNull();
      else {
        expect(row.top_contract!.cost_basis).toBe(largest);
        const made = listed.filter((t) => t.cost_basis === largest).map(occSymbolOfPrint);
        expect(made).toContain(row.top_contract!.symbol);
      }
      const e = bySymbol.get(row.ticker);
      if (e?.kind === 'etf' && !/^XL/.test(row.ticker)) expect(row.sector).toBe('Financials');
      const counted =
        e &&
        (e.kind === 'stock' ? !['', 'Unclassified'].includes(e.sector) : /^XL[BCEFIKPUVY]$|^XLRE$/.test(row.ticker));
      if (counted) sectorCalls.set(row.sector, (sectorCalls.get(row.sector) ?? 0) + row.calls);
    }
    expect(r.sectors.calls.map((s) => s.name).sort()).toEqual([...sectorCalls.keys()].sort());
    for (const s of r.sectors.calls) expect(s.value).toBeCloseTo(sectorCalls.get(s.name) ?? NaN, 0);
    expect(r.sum.calls).toBeCloseTo(sum(trades, 'Call'), 0);
    expect(r.sum.puts).toBeCloseTo(sum(trades, 'Put'), 0);
    expect(r.lookback).toBe(1);
    expect(topPremiumsResponse.parse((await api.get('get_options_flow_top_premiums_data')).body).lookback).toBe(20);
  });

  it('a known ticker without flow: 200 with empty series', async () => {
    const traded = new Set(days.flatMap((d) => d.trades.map((t) => t.ticker)));
    const quiet = directory.find((e) => !traded.has(e.symbol))!;
    const t = quiet.symbol;
    const h = historicalPremiumResponse.parse(
      (await api.get('get_options_flow_historical_premium_data', { ticker: t, lookback: '40' })).body,
    );
    expect([h.dates, h.prices, h.cum_net_premiums]).toEqual([[], [], []]);
    const s = byStrikeResponse.parse((await api.get('get_options_flow_by_strike_data', { ticker: t })).body);
    expect(s.strike_price).toEqual([]);
  });
});
