import { describe, expect, it } from 'vitest';
import {
  buildDarkPoolIndividual,
  computeDarkPoolDays,
  orderDarkPoolRows,
  toDarkPoolRow,
  type ShortVolumeInput,
} from './dark-pool-metrics.ts';
import type { DarkPoolRow } from '@tapewatch/shared/schemas/dark-pools';

// 21 trading days: days 1-20 with short 60 of 100 at $10, then one day short 30 of 100 at $12.
const dates = Array.from({ length: 21 }, (_, i) => `2024-01-${String(i + 2).padStart(2, '0')}`);
const rows: ShortVolumeInput[] = dates.map((date, i) => ({
  date,
  short_volume: i === 20 ? 30 : 60,
  short_exempt_volume: 1,
  total_volume: 100,
  market: 'B,Q,N',
}));
const closes = new Map(dates.map((d, i) => [d, i === 20 ? 12 : 10]));

describe('computeDarkPoolDays', () => {
  it('computes short %, net volume and net dollars per day', () => {
    const days = computeDarkPoolDays(rows, closes);
    expect(days[0]).toMatchObject({
      shortPct: 60,
      netVolume: 20,
      netDollars: 200,
      position: null,
      positionDollars: null,
    });
    // 60 - (100 - 60) = 20 shares net short, x $10.
    expect(days[18]!.position).toBeNull();
  });

  it('sums the last 20 trading days into the position', () => {
    const days = computeDarkPoolDays(rows, closes);
    expect(days[19]).toMatchObject({ position: 400, positionDollars: 4000 });
    // Day 21: 19 x 20 + (30 - 70) = 340 shares; 19 x 200 + (-40 x 12) = 3320 dollars.
    expect(days[20]).toMatchObject({
      shortPct: 30,
      netVolume: -40,
      netDollars: -480,
      position: 340,
      positionDollars: 3320,
    });
  });

  it('sorts unsorted input and leaves dollars null when a close in the window is missing', () => {
    const gappy = new Map(closes);
    gappy.delete(dates[0]!);
    const days = computeDarkPoolDays([...rows].reverse(), gappy);
    expect(days.map((d) => d.date)).toEqual(dates);
    expect(days[0]!.netDollars).toBeNull();
    // Day 20's window (days 1-20) holds the missing close; day 21's (days 2-21) no longer does.
    expect(days[19]).toMatchObject({ position: 400, positionDollars: null });
    expect(days[20]).toMatchObject({ position: 340, positionDollars: 3320 });
  });

  it('never produces NaN for a zero-volume day', () => {
    const [day] = computeDarkPoolDays(
      [{ date: '2024-01-02', short_volume: 0, short_exempt_volume: 0, total_volume: 0, market: 'Q' }],
      new Map(),
    );
    expect(day!.shortPct).toBeNull();
    expect(day!.netVolume).toBe(0);
  });
});

describe('buildDarkPoolIndividual', () => {
  it('cuts to the window but keeps earlier rows for the first positions', () => {
    const data = buildDarkPoolIndividual('ABC', rows, closes, dates[19]!);
    expect(data.as_of).toBe(dates[20]);
    expect(data.prices).toEqual({ dates: [dates[19], dates[20]], prices: [10, 12] });
    expect(data.individual_short_volume).toEqual({
      dates: [dates[19], dates[20]],
      total_volume: [100, 100],
      short_volume: [60, 30],
      net_volume: [20, -40],
      'short_volume%': [60, 30],
    });
    expect(data.individual_dark_pool_position_data).toEqual({
      dates: [dates[19], dates[20]],
      dollar_dp_position: [4000, 3320],
      dollar_net_volume: [200, -480],
      dp_position: [400, 340],
    });
    expect(data.individual_short_volume_table.data[1]).toEqual({
      ticker: 'ABC',
      date: dates[20],
      short_volume: 30,
      'short_volume%': 30,
      short_exempt_volume: 1,
      total_volume: 100,
      market: 'B,Q,N',
    });
  });
});

describe('table rows', () => {
  const days = computeDarkPoolDays(rows, closes);
  it('maps the last day to the spec columns', () => {
    expect(toDarkPoolRow('ABC', days[20]!)).toEqual({
      Ticker: 'ABC',
      Date: dates[20],
      'Short Volume': 30,
      'Short Volume %': 30,
      'Net Short Volume': -40,
      'Net Short Volume $': -480,
      'Dark Pools Position': 340,
      'Dark Pools Position $': 3320,
    });
  });

  it('orders by a column in either direction with missing values last', () => {
    const base = toDarkPoolRow('X', days[20]!);
    const table: DarkPoolRow[] = [
      { ...base, Ticker: 'A', 'Dark Pools Position $': 5 },
      { ...base, Ticker: 'B', 'Dark Pools Position $': null },
      { ...base, Ticker: 'C', 'Dark Pools Position $': -7 },
      { ...base, Ticker: 'D', 'Dark Pools Position $': 9 },
    ];
    expect(orderDarkPoolRows(table, 'Dark Pools Position $', 'desc').map((r) => r.Ticker)).toEqual([
      'D',
      'A',
      'C',
      'B',
    ]);
    expect(orderDarkPoolRows(table, 'Dark Pools Position $', 'asc').map((r) => r.Ticker)).toEqual(['C', 'A', 'D', 'B']);
  });
});
