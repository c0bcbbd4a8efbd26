import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMultiLegPrint, legSide, MULTI_LEG_CONDITIONS, spreadStructure } from '@tapewatch/shared/flow/multi-leg';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { parseBenzingaOptionsActivity } from '../benzinga/options-activity.ts';
import { tradeFromRecord } from '../benzinga/trade-from-record.ts';
import { mostOtm } from '../../domain/flow/most-otm.ts';
import { isOnStrikeGrid } from '../../domain/options-market/index.ts';
import { FLOW_SIM, FlowDayState, sessionOffset, simulateFlowDay, simulateTrades } from './flow-simulator.ts';
import type { FlowUnderlying } from './flow-simulator-universe.ts';
import { pickIndex, popularity } from './flow-simulator-universe.ts';

const universe: FlowUnderlying[] = [
  { symbol: 'SPY', kind: 'etf', close: 511.72, prevClose: 514.81, dollarVolume: 35e9, vol: 0.12 },
  { symbol: 'QQQ', kind: 'etf', close: 439.02, prevClose: 443.2, dollarVolume: 20e9, vol: 0.16 },
  { symbol: 'NVDA', kind: 'stock', close: 875.28, prevClose: 926.69, dollarVolume: 40e9, vol: 0.55 },
  { symbol: 'AAPL', kind: 'stock', close: 170.73, prevClose: 169, dollarVolume: 10e9, vol: 0.2 },
  ...Array.from(
    { length: 200 },
    (_, i): FlowUnderlying => ({
      symbol: `S${i}`,
      kind: 'stock',
      close: 20 + i * 3,
      prevClose: 20 + i * 3,
      dollarVolume: 2e8 / (1 + i / 10),
      vol: 0.3,
    }),
  ),
];
const day = { date: '2024-03-08', universe, seed: 42 };
const records = simulateFlowDay(day);
const report = parseBenzingaOptionsActivity(records);
const trades = report.rows.map(tradeFromRecord);

describe('flow simulator', () => {
  it('emits about 3,000 vendor records a day that the real parser accepts, deterministically', () => {
    expect(report.skipped).toBe(0);
    expect(trades.length).toBeGreaterThan(1800);
    expect(trades.length).toBeLessThan(4800);
    expect(simulateFlowDay(day)).toEqual(records);
    expect(new Set(trades.map((t) => t.key)).size).toBe(trades.length);
    expect(typeof records[0]!.strike_price).toBe('string');
  });
  it('arrives in session hours with a U-shape: the first and last half hours beat the midday ones', () => {
    const minutes = trades.map((t) => Number(t.time.slice(0, 2)) * 60 + Number(t.time.slice(3, 5)));
    expect(Math.min(...minutes)).toBeGreaterThanOrEqual(570);
    expect(Math.max(...minutes)).toBeLessThan(962);
    const count = (a: number, b: number) => minutes.filter((m) => m >= a && m < b).length;
    expect(count(570, 600)).toBeGreaterThan(2 * count(750, 780));
    expect(count(930, 960)).toBeGreaterThan(1.5 * count(750, 780));
    expect(sessionOffset(0)).toBe(0);
    expect(sessionOffset(0.999999)).toBeLessThanOrEqual(23400);
  });
  it('is heavy-tailed over tickers: index ETFs and mega caps lead', () => {
    const byTicker = new Map<string, number>();
    for (const t of trades) byTicker.set(t.ticker, (byTicker.get(t.ticker) ?? 0) + 1);
    const ranked = [...byTicker].sort((a, b) => b[1] - a[1]);
    expect(
      ranked
        .slice(0, 4)
        .map(([s]) => s)
        .sort(),
    ).toEqual(['AAPL', 'NVDA', 'QQQ', 'SPY']);
    expect(ranked.slice(0, 4).reduce((s, [, n]) => s + n, 0) / trades.length).toBeGreaterThan(0.4);
    const cum = popularity(universe);
    expect(pickIndex(cum, 0)).toBe(0);
    expect(pickIndex(cum, 0.9999999)).toBe(universe.length - 1);
  });
  it('prices contracts around the real close on listed expiries, with all fills, types and sides', () => {
    const spy = trades.filter((t) => t.ticker === 'SPY');
    const strikes = spy.map((t) => t.strike_price).sort((a, b) => a - b);
    expect(strikes[Math.floor(strikes.length / 2)]!).toBeGreaterThan(480);
    expect(strikes[Math.floor(strikes.length / 2)]!).toBeLessThan(545);
    expect(spy.every((t) => Number.isInteger(t.strike_price))).toBe(true);
    expect(trades.every((t) => t.date_expiration > '2024-03-08' && t.DTE >= 1)).toBe(true);
    expect(trades.some((t) => t.DTE > 270)).toBe(true);
    expect(trades.filter((t) => t.DTE <= 7).length / trades.length).toBeGreaterThan(0.25);
    expect(
      trades
        .filter((t) => t.ticker !== 'SPY' && t.ticker !== 'QQQ' && t.ticker !== 'IWM')
        .every(
          (t) =>
            ['2024-03-15', '2024-03-22'].includes(t.date_expiration) ||
            t.DTE > 13 ||
            new Date(`${t.date_expiration}T12:00:00Z`).getUTCDay() === 5,
        ),
    ).toBe(true);
    // Fills inside the quote only: at the ask, the bid, the mid, or between.
    expect(new Set(trades.map((t) => t.fill))).toEqual(new Set(['Ask', 'Mid', 'Bid']));
    expect(new Set(trades.map((t) => t.option_activity_type))).toEqual(new Set(['Sweep', 'Block', 'Trade']));
    // The regime: index ETF flow is put-heavy, single names lean to calls.
    const callShare = (xs: typeof trades) => xs.filter((t) => t.put_call === 'Call').length / xs.length;
    const index = trades.filter((t) => t.ticker === 'SPY' || t.ticker === 'QQQ');
    expect(callShare(index)).toBeLessThan(0.45);
    expect(callShare(trades.filter((t) => t.ticker === 'NVDA' || t.ticker === 'AAPL'))).toBeGreaterThan(0.52);
  });

  it('prints only listed contracts of the day, inside the bid/ask of that moment, with premium = price x size x 100', () => {
    const state = new FlowDayState(day);
    for (const r of records) {
      const u = universe.find((x) => x.symbol === r.ticker)!;
      const m = state.market(u);
      const c = m.contract(r.option_symbol!);
      expect(c, r.option_symbol!).toBeDefined();
      expect(isOnStrikeGrid(c!.strike, m.liquidity)).toBe(true);
      const price = Number(r.price);
      expect(price).toBeGreaterThanOrEqual(Number(r.bid));
      expect(price).toBeLessThanOrEqual(Number(r.ask));
      // The quote printed is the market's at the trade's underlying price.
      const q = m.quote(c!, Number(r.underlying_price));
      expect(Math.abs(q.bid - Number(r.bid))).toBeLessThanOrEqual(0.011);
      expect(Math.abs(q.ask - Number(r.ask))).toBeLessThanOrEqual(0.011);
      expect(Math.abs(Number(r.cost_basis) - price * Number(r.size) * 100)).toBeLessThanOrEqual(0.01);
      expect(Number(r.cost_basis)).toBeGreaterThanOrEqual(FLOW_SIM.premiumFloorUsd);
      expect(price).toBeGreaterThanOrEqual(0.01);
      expect(Number(r.open_interest)).toBe(m.openInterest(c!));
    }
  });
  it('has log-normal premiums (median tens of thousands, a long right tail) and consistent volume', () => {
    const premiums = trades.map((t) => t.cost_basis).sort((a, b) => a - b);
    const median = premiums[Math.floor(premiums.length / 2)]!;
    expect(median).toBeGreaterThan(15);
    expect(median).toBeLessThan(120);
    expect(premiums.at(-1)!).toBeGreaterThan(20 * median);
    for (const t of trades) expect(t.volume).toBeGreaterThanOrEqual(t.size);
    const last = new Map<string, number>();
    for (const t of [...trades].sort((a, b) => (a.time < b.time ? -1 : 1))) {
      const k = `${t.ticker}${t.date_expiration}${t.put_call}${t.strike_price}`;
      expect(t.volume).toBeGreaterThanOrEqual(last.get(k) ?? 0);
      last.set(k, t.volume);
    }
  });
  it('emits live trades and bursts at any time of day', () => {
    const state = new FlowDayState(day);
    const burst = Array.from({ length: 200 }, (_, i) => simulateTrades(state, `live-${i}`, 3 * 3600, 0.5)).filter(
      (b) => b.length > 1,
    );
    expect(burst.length).toBeGreaterThan(3);
    const b = burst[0]!;
    expect(new Set(b.map((r) => r.option_symbol)).size).toBe(1);
    expect(b[0]!.time).toBe('03:00:00');
  });

  it('trades strikes within the listed range (a fifth to 2.5x the recent closes) even for a very volatile name far out in time', () => {
    const wild: FlowUnderlying[] = [
      { symbol: 'SMCI', kind: 'stock', close: 1000, prevClose: 990, dollarVolume: 30e9, vol: 1.4 },
    ];
    const smci = parseBenzingaOptionsActivity(
      simulateFlowDay({ date: '2024-03-08', universe: wild, seed: 7 }),
    ).rows.map(tradeFromRecord);
    expect(smci.length).toBeGreaterThan(500);
    for (const t of smci) {
      // Listing reaches at most 80% below the recent range (990-1000) and 150% above it
      // (domain/options-market/strikes.ts), so no print lies beyond.
      expect(t.underlying_price).not.toBeNull();
      expect(t.strike_price).toBeGreaterThanOrEqual(990 * 0.2);
      expect(t.strike_price).toBeLessThanOrEqual(1000 * 2.5);
    }
    // The far tail thins out towards the limit instead of piling up on it: the day's 50 most
    // out-of-the-money trades spread over many strikes, not one 200% wall.
    const top = mostOtm(smci);
    expect(top).toHaveLength(50);
    expect(new Set(top.map((t) => t.otm)).size).toBeGreaterThan(10);
    expect(top.filter((t) => t.otm >= 195).length).toBeLessThan(25);
  });
});

/** The legs of each multi-leg order of a day, by the order id they share. */
function ordersOf(ts: readonly FlowTrade[]): Map<string, FlowTrade[]> {
  const out = new Map<string, FlowTrade[]>();
  for (const t of ts) if (t.order_id !== undefined) out.set(t.order_id, [...(out.get(t.order_id) ?? []), t]);
  return out;
}

/** Every multi-leg order's legs: one id, time, exchange, size and condition, a structure their sides form, listed. */
function checkOrders(ts: readonly FlowTrade[], state: FlowDayState): number {
  const orders = ordersOf(ts);
  for (const t of ts) expect(isMultiLegPrint(t), t.key).toBe(t.order_id !== undefined);
  for (const [id, legs] of orders) {
    expect(legs, id).toHaveLength(2);
    const [a, b] = legs as [FlowTrade, FlowTrade];
    expect([b.ticker, b.time, b.exchange, b.size, b.conditions], id).toEqual([
      a.ticker,
      a.time,
      a.exchange,
      a.size,
      a.conditions,
    ]);
    expect(a.conditions).toHaveLength(1);
    expect(MULTI_LEG_CONDITIONS[a.conditions![0]!]).toBeDefined();
    expect(a.exchange).not.toBe('MULTI');
    const sides = legs.map((l) => legSide(l.aggressor_ind));
    const structure = spreadStructure(legs.map((l, i) => ({ ...l, side: sides[i]! })));
    expect(structure, id).not.toBeNull();
    for (const [i, l] of legs.entries()) {
      const u = universe.find((x) => x.symbol === l.ticker)!;
      const m = state.market(u);
      const c = m.contractAt(l.date_expiration, l.strike_price, l.put_call === 'Call' ? 'call' : 'put');
      expect(c, `${id} leg ${i}`).toBeDefined();
      expect(l.price).toBeGreaterThanOrEqual(l.bid!);
      expect(l.price).toBeLessThanOrEqual(l.ask!);
      // A bought leg prints at or above the mid, a sold one at or below.
      if (sides[i] === 'buy') expect(l.price).toBeGreaterThanOrEqual(Math.floor(((l.bid! + l.ask!) / 2) * 100) / 100);
      else expect(l.price).toBeLessThanOrEqual(Math.ceil(((l.bid! + l.ask!) / 2) * 100) / 100);
      expect(l.trade_count).toBe(1);
    }
  }
  return orders.size;
}

describe('multi-leg orders', () => {
  it('a tenth of the arrivals are two-leg orders sharing an order id, time, exchange, size and an OPRA multi-leg condition', () => {
    const orders = ordersOf(trades);
    expect(checkOrders(trades, new FlowDayState(day))).toBeGreaterThan(150);
    expect(orders.size).toBeLessThan(500);
    expect(new Set([...orders.values()].map((l) => l[0]!.conditions![0]))).toEqual(new Set([232, 233, 234]));
  });

  it('forms every structure, the one its description names, with premium = price x size x 100 on each leg', () => {
    const seen = new Map<string, number>();
    for (const [, legs] of ordersOf(trades)) {
      const structure = spreadStructure(legs.map((l) => ({ ...l, side: legSide(l.aggressor_ind)! })))!;
      expect(records.find((r) => r.id === legs[0]!.key)!.description.startsWith(`${structure} leg`)).toBe(true);
      seen.set(structure, (seen.get(structure) ?? 0) + 1);
      for (const l of legs) expect(Math.abs(l.cost_basis * 1000 - l.price * l.size * 100)).toBeLessThanOrEqual(0.01);
    }
    expect([...seen.keys()].sort()).toEqual(['calendar', 'risk reversal', 'straddle', 'strangle', 'vertical']);
    expect(seen.get('vertical')!).toBeGreaterThan(seen.get('calendar')!);
  });

  it("a contract's day volume is at least the sum of its prints, legs included", () => {
    const sum = new Map<string, number>();
    const last = new Map<string, number>();
    for (const r of records) {
      sum.set(r.option_symbol, (sum.get(r.option_symbol) ?? 0) + Number(r.size));
      last.set(r.option_symbol, Math.max(last.get(r.option_symbol) ?? 0, Number(r.volume)));
    }
    for (const [k, v] of sum) expect(last.get(k)!, k).toBeGreaterThanOrEqual(v);
  });

  it('property: on any seed and day, every order is listed, shares its id and time and forms a structure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom('2024-01-05', '2024-02-14', '2024-03-08'),
        (seed, date) => {
          const d = { date, universe, seed };
          const ts = parseBenzingaOptionsActivity(simulateFlowDay(d, 600)).rows.map(tradeFromRecord);
          checkOrders(ts, new FlowDayState(d));
        },
      ),
      { numRuns: 8, seed: 41 },
    );
  });
});
