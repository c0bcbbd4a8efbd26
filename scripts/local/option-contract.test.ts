import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { FlowRepository } from '@tapewatch/functions/data/flow-repository';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { occSymbolOfPrint } from '@tapewatch/shared/options/occ-symbol';
import { optionChainResponse } from '@tapewatch/shared/schemas/option-chain';
import { CONTRACT_WINDOW_SESSIONS, optionContractResponse } from '@tapewatch/shared/schemas/option-contract';
import { TimeSeriesRepository } from '@tapewatch/functions/data/timeseries-repository';
import { flowCallers, useIntegrationRuntime } from '../test/integration-runtime.ts';

const TODAY = '2024-03-08';
const { api } = useIntegrationRuntime({ callers: flowCallers(), token: 'sub-token' });

/** Every stored SPY print of the seed's flow days. */
let spy: FlowTrade[];
let closes: Map<string, number>;
beforeAll(async () => {
  const bars = await new TimeSeriesRepository(documentClient()).getSeries('SPY', 2023);
  closes = new Map(bars.date.map((d, i) => [d, bars.close[i]!]));
  const repo = new FlowRepository(documentClient());
  const days = await repo.listDays('2019-01-01', TODAY);
  spy = (await Promise.all(days.map(async (d) => (await repo.readDay(d.date)).trades))).flat();
  spy = spy.filter((t) => t.ticker === 'SPY');
}, 60_000);

describe('contract drill-down (issue 39 item 1)', () => {
  it('is flow data: 401 without a token, 403 for a free user', async () => {
    const symbol = 'SPY240315C00510000';
    expect((await api.get('get_option_contract_data', { symbol }, { token: null })).status).toBe(401);
    const free = await api.get('get_option_contract_data', { symbol }, { token: 'free-token' });
    expect(free.status).toBe(403);
    expect(free.body).toEqual({ alert_show: true, alert_message: 'You need to subscribe to access this page.' });
  });

  it("answers a printed contract: today's chain row, 20 sessions of history, its prints and their P&L", async () => {
    // The contract with the most stored prints among those printed today (so today's chain lists it).
    const printedToday = new Set(spy.filter((t) => t.date === TODAY).map(occSymbolOfPrint));
    const counts = new Map<string, number>();
    for (const t of spy) {
      if (!printedToday.has(occSymbolOfPrint(t))) continue;
      const s = occSymbolOfPrint(t);
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    const symbol = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const res = await api.get('get_option_contract_data', { symbol: symbol.toLowerCase() });
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toMatch(/NaN|Infinity/);
    const c = optionContractResponse.parse(res.body);
    expect(c).toMatchObject({ symbol, ticker: 'SPY' });
    expect(c.as_of.slice(0, 10)).toBe(TODAY);

    // Today is the Option Chain page's own row of the contract.
    const chain = optionChainResponse.parse(
      (await api.get('get_option_chain', { ticker: 'SPY', expiration: c.expiration })).body,
    );
    const row = chain.rows.find((r) => r.strike === c.strike)![c.type]!;
    expect(c.today).toMatchObject({
      mid: row.mid,
      volume: row.volume,
      open_interest: row.open_interest,
      iv: row.iv,
      delta: row.delta,
      underlying_price: chain.underlying_price,
    });

    // Each earlier session of the window, at that session's real close, with a mid and an IV.
    expect(c.history).not.toBeNull();
    const history = c.history!;
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThanOrEqual(CONTRACT_WINDOW_SESSIONS - 1);
    expect(history.at(-1)!.date < TODAY).toBe(true);
    expect(history[0]!.date >= c.from).toBe(true);
    for (const d of history) {
      // The chain prints the underlying to the cent.
      expect(d.underlying_price).toBeCloseTo(closes.get(d.date)!, 2);
      expect(d.mid).toBeGreaterThan(0);
      expect(d.iv).toBeGreaterThan(0);
    }

    // Every stored print of the contract in the window, with (today's mid - price) x size x 100 by side.
    const mine = spy.filter((t) => occSymbolOfPrint(t) === symbol && t.date >= c.from);
    expect(c.prints.map((p) => p.key).sort()).toEqual(mine.map((t) => t.key).sort());
    let total = 0;
    for (const p of c.prints) {
      const side = p.ask !== null && p.price >= p.ask ? 1 : p.bid !== null && p.price <= p.bid ? -1 : 0;
      expect(p.side).toBe(side === 1 ? 'bought' : side === -1 ? 'sold' : 'unknown');
      if (side === 0) expect(p.pnl).toBeNull();
      else expect(p.pnl).toBeCloseTo((c.today.mid! - p.price) * p.size * 100 * side, 2);
      total += p.pnl ?? 0;
    }
    expect(c.pnl_total).toBeCloseTo(total, 2);
  });

  it('refuses a malformed symbol (400), an unknown ticker, an unlisted or expired contract (404)', async () => {
    for (const symbol of ['SPY', 'SPY241315C00510000', 'SPY240315X00510000', 'x'.repeat(60)]) {
      const bad = await api.get('get_option_contract_data', { symbol });
      expect(bad.status, `${symbol}: ${bad.text}`).toBe(400);
      expect(typeof bad.body.alert_message).toBe('string');
    }
    for (const symbol of ['NOPE240315C00100000', 'SPY240315C00510500', 'SPY240301C00500000', 'VIX240315C00015000']) {
      const missing = await api.get('get_option_contract_data', { symbol });
      expect(missing.status, `${symbol}: ${missing.text}`).toBe(404);
      expect(typeof missing.body.alert_message).toBe('string');
    }
  });
});
