import { describe, expect, it } from 'vitest';
import type { FlowRow } from '../api/get-watchlist-flow.ts';
import { FLOW_COLUMNS, netColor } from './flow-columns.ts';

const row = (p: Partial<FlowRow>): FlowRow => ({
  ticker: 'SPY',
  call_premium: 1234.4,
  put_premium: 300,
  call_trades: 5,
  put_trades: 2,
  premium: 1534.4,
  net_premium: 934.4,
  largest: { symbol: 'SPY240315C00510000', cost_basis: 812 },
  avg_premium: null,
  vs_avg: null,
  ...p,
});
const cells = (r: FlowRow | undefined) => FLOW_COLUMNS.map((c) => c.format(r));

describe('watchlist flow columns', () => {
  it('shows the net premium signed, calls / puts and the largest print in thousands', () => {
    expect(FLOW_COLUMNS.map((c) => c.header)).toEqual(['Net premium today', 'Calls / Puts', 'Largest print']);
    expect(cells(row({}))).toEqual(['+$934K', '$1,234K / $300K', '$812K']);
    expect(cells(row({ net_premium: -20, largest: null }))).toEqual(['-$20K', '$1,234K / $300K', '-']);
    // A ticker the flow answer does not list yet (just added): dashes.
    expect(cells(undefined)).toEqual(['-', '-', '-']);
  });

  it('colours the net by which side leads', () => {
    expect(netColor(row({}))).toBe('success.main');
    expect(netColor(row({ net_premium: -5 }))).toBe('error.main');
    expect(netColor(row({ net_premium: 0 }))).toBeUndefined();
  });
});
