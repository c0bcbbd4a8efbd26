/**
 * The demo's options flow over its year, checked the way a trader would (issue 37): every print a
 * listed contract on the exchange strike grid, nothing under the feed's premium floor, premium =
 * price x size x 100, and SPY flow put-heavy, more so in the Aug-Oct 2023 drawdown than in the
 * Nov-Dec 2023 rally. Real bars and VIX closes from the bundle; every 6th trading day (42 days) keeps
 * it to seconds.
 */
import { describe, expect, it } from 'vitest';
import type { DailySeries } from '@tapewatch/functions/data/timeseries-repository';
import { tradingDaysBetween } from '@tapewatch/functions/domain/calendar/nyse';
import { isOnStrikeGrid } from '@tapewatch/functions/domain/options-market/index';
import { DEMO_SEED } from '@tapewatch/functions/providers/demo/demo-provider';
import {
  FLOW_SIM,
  FlowDayState,
  flowSimSeed,
  simulateFlowDay,
} from '@tapewatch/functions/providers/demo/flow-simulator';
import type { FlowUnderlying } from '@tapewatch/functions/providers/demo/flow-simulator-universe';
import { underlyingOn } from '@tapewatch/functions/providers/demo/flow-universe';
import { readBundle } from './load-demo.ts';
import { buildDirectory, readStocks } from './universe.ts';

const etfs = readBundle().series;
const stocks = new Map<string, DailySeries>([...readStocks()].map((s) => [s.ticker, s.series]));
const directory = buildDirectory([...etfs.keys()]);
const vix = etfs.get('VIX')!;
const seed = flowSimSeed(DEMO_SEED);

function universeOn(date: string): FlowUnderlying[] {
  const v = vix.close[vix.date.lastIndexOf(date)];
  return directory.flatMap((e) => {
    const s = e.kind === 'stock' ? stocks.get(e.symbol) : e.kind === 'etf' ? etfs.get(e.symbol) : undefined;
    const u = s ? underlyingOn(e.symbol, e.kind as 'stock' | 'etf', s, date, v) : null;
    return u ? [u] : [];
  });
}

interface DayStats {
  date: string;
  spyPutCall: number;
  prints: number;
  offGrid: number;
  unlisted: number;
  underFloor: number;
  badPremium: number;
}

const days: DayStats[] = tradingDaysBetween('2023-03-09', '2024-03-07')
  .filter((_, i) => i % 6 === 0)
  .map((date) => {
    const universe = universeOn(date);
    const bySymbol = new Map(universe.map((u) => [u.symbol, u]));
    const state = new FlowDayState({ date, universe, seed });
    const stats: DayStats = { date, spyPutCall: 0, prints: 0, offGrid: 0, unlisted: 0, underFloor: 0, badPremium: 0 };
    let put = 0;
    let call = 0;
    for (const r of simulateFlowDay({ date, universe, seed })) {
      const m = state.market(bySymbol.get(r.ticker!)!);
      const c = m.contract(r.option_symbol!);
      const premium = Number(r.cost_basis);
      stats.prints += 1;
      if (!c) stats.unlisted += 1;
      if (!isOnStrikeGrid(Number(r.strike_price), m.liquidity)) stats.offGrid += 1;
      if (premium < FLOW_SIM.premiumFloorUsd) stats.underFloor += 1;
      if (Math.abs(premium - Number(r.price) * Number(r.size) * 100) > 0.01) stats.badPremium += 1;
      if (r.ticker === 'SPY') r.put_call === 'PUT' ? (put += premium) : (call += premium);
    }
    stats.spyPutCall = put / call;
    return stats;
  });

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('a year of demo options flow', () => {
  it('prints only listed contracts on the strike grid, none under the floor, premium = price x size x 100', () => {
    expect(days.length).toBe(42);
    const total = (k: keyof DayStats) => days.reduce((s, d) => s + (d[k] as number), 0);
    expect(total('prints')).toBeGreaterThan(100_000);
    expect([total('unlisted'), total('offGrid'), total('underFloor'), total('badPremium')]).toEqual([0, 0, 0, 0]);
  });

  it('SPY put/call premium is above 1 on most days, and higher in the Aug-Oct 2023 drawdown than in the Nov-Dec rally', () => {
    const above = days.filter((d) => d.spyPutCall > 1).length / days.length;
    expect(above).toBeGreaterThan(0.6);
    const drawdown = days.filter((d) => d.date >= '2023-08-01' && d.date <= '2023-10-31').map((d) => d.spyPutCall);
    const rally = days.filter((d) => d.date >= '2023-11-01' && d.date <= '2023-12-31').map((d) => d.spyPutCall);
    expect(median(drawdown)).toBeGreaterThan(median(rally));
    console.log(
      `SPY put/call premium: >1 on ${(above * 100).toFixed(0)}% of ${days.length} days; median Aug-Oct ${median(drawdown).toFixed(2)}, Nov-Dec ${median(rally).toFixed(2)}`,
    );
  });
});
