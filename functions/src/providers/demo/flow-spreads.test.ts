import { describe, expect, it } from 'vitest';
import { keyStats } from '@tapewatch/shared/flow/key-stats';
import { groupFlow, ordersOf } from '@tapewatch/shared/flow/spreads';
import { parseBenzingaOptionsActivity } from '../benzinga/options-activity.ts';
import { tradeFromRecord } from '../benzinga/trade-from-record.ts';
import { simulateFlowDay } from './flow-simulator.ts';
import type { FlowUnderlying } from './flow-simulator-universe.ts';

// Vendor-format records (Benzinga option_activity plus Polygon's multi-leg condition ids and the
// demo's order id), through the real parser: the multi-leg fixtures the grouping is judged on.
const universe: FlowUnderlying[] = [
  { symbol: 'SPY', kind: 'etf', close: 511.72, prevClose: 514.81, dollarVolume: 35e9, vol: 0.12 },
  { symbol: 'NVDA', kind: 'stock', close: 875.28, prevClose: 926.69, dollarVolume: 40e9, vol: 0.55 },
  { symbol: 'AAPL', kind: 'stock', close: 170.73, prevClose: 169, dollarVolume: 10e9, vol: 0.2 },
  { symbol: 'XLE', kind: 'etf', close: 92.1, prevClose: 91.5, dollarVolume: 1.5e9, vol: 0.2 },
];
const trades = parseBenzingaOptionsActivity(simulateFlowDay({ date: '2024-03-08', universe, seed: 7 })).rows.map(
  tradeFromRecord,
);

describe('a simulated day grouped into orders', () => {
  const rows = groupFlow(trades);
  const spreads = rows.filter((r) => r.spread);

  it('shows each multi-leg order as one row holding all its legs, every leg once', () => {
    const orders = ordersOf(trades);
    expect(orders.size).toBeGreaterThan(50);
    expect(spreads).toHaveLength(orders.size);
    expect(rows.length).toBe(trades.length - [...orders.values()].reduce((s, l) => s + l.length - 1, 0));
    const shown = rows.flatMap((r) => (r.spread ? r.spread.legs : [r]));
    expect(new Set(shown.map((t) => t.key)).size).toBe(trades.length);
    for (const r of spreads) expect(new Set(r.spread!.legs.map((l) => l.order_id)).size).toBe(1);
  });

  it('names every two-leg order the simulator made, with a direction and a net premium', () => {
    for (const r of spreads) {
      const s = r.spread!;
      expect(s.legs, r.key).toHaveLength(2);
      expect(s.structure, r.key).not.toBeNull();
      expect(s.direction, r.key).not.toBeNull();
      const net = s.legs.reduce((sum, l) => sum + (l.aggressor_ind! > 0.5 ? l.cost_basis : -l.cost_basis), 0);
      expect(s.netPremium!).toBeCloseTo(net, 6);
    }
    expect(new Set(spreads.map((r) => r.spread!.structure)).size).toBe(5);
  });

  it('counts each order once in the key stats', () => {
    const s = keyStats(trades);
    expect(s.tradeCount[0] + s.tradeCount[1]).toBe(rows.length);
  });

  it('carries the IV and delta at the print, signed by type', () => {
    const priced = trades.filter((t) => t.iv !== undefined);
    expect(priced.length / trades.length).toBeGreaterThan(0.95);
    for (const t of priced) {
      expect(t.iv!).toBeGreaterThan(0.03);
      expect(t.iv!).toBeLessThan(3);
      if (t.put_call === 'Call') expect(t.delta!).toBeGreaterThanOrEqual(0);
      else expect(t.delta!).toBeLessThanOrEqual(0);
    }
  });
});
