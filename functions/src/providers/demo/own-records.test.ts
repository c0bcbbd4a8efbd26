import { describe, expect, it } from 'vitest';
import { parseBenzingaOptionsActivity } from '../benzinga/options-activity.ts';
import { simulateFlowDay } from './flow-simulator.ts';
import type { FlowUnderlying } from './flow-simulator-universe.ts';
import { ownRecordsReport } from './own-records.ts';

const universe: FlowUnderlying[] = [
  { symbol: 'SPY', kind: 'etf', close: 511.72, prevClose: 514.81, dollarVolume: 35e9, vol: 0.12 },
  { symbol: 'NVDA', kind: 'stock', close: 875.28, prevClose: 926.69, dollarVolume: 40e9, vol: 0.55 },
  { symbol: 'BRK.B', kind: 'stock', close: 412.3, prevClose: 410.1, dollarVolume: 1.5e9, vol: 0.15 },
  ...Array.from(
    { length: 60 },
    (_, i): FlowUnderlying => ({
      symbol: `S${i}`,
      kind: 'stock',
      close: 4 + i * 9.5,
      prevClose: 4 + i * 9.5,
      dollarVolume: 2e8 / (1 + i / 10),
      vol: 0.3 + i / 100,
    }),
  ),
];

describe('the simulator’s own records read back without the vendor schema', () => {
  it.each(['2024-03-08', '2023-10-02'])('equal the vendor parser’s report on the whole session of %s', (date) => {
    const records = simulateFlowDay({ date, universe, seed: 42 });
    const fast = ownRecordsReport(records);
    // Spread legs (conditions, order id) are in the day, so the optional fields are compared too.
    expect(fast.rows.some((r) => r.orderId !== undefined && r.conditions !== undefined)).toBe(true);
    expect(fast).toStrictEqual(parseBenzingaOptionsActivity({ option_activity: records }));
  });
});
