import { describe, expect, it } from 'vitest';
import type { DarkPoolIndividual } from '@tapewatch/shared/schemas/dark-pools';
import { formatDollars, formatShort, latestSummary, shortPercentTable, shortVolumeTable } from './reshape.ts';

const data: DarkPoolIndividual = {
  ticker: 'ABC',
  as_of: '2024-03-08',
  prices: { dates: ['2024-03-07', '2024-03-08'], prices: [10, null] },
  individual_short_volume: {
    dates: ['2024-03-07', '2024-03-08'],
    total_volume: [100, 200],
    short_volume: [60, 50],
    net_volume: [20, -100],
    'short_volume%': [60, 25],
  },
  individual_dark_pool_position_data: {
    dates: ['2024-03-07', '2024-03-08'],
    dollar_dp_position: [null, 1234.5],
    dollar_net_volume: [200, null],
    dp_position: [null, 340],
  },
  individual_short_volume_table: { data: [] },
};

describe('formatting', () => {
  it('shortens large numbers with a unit and keeps the sign', () => {
    expect(formatShort(1_234_567)).toBe('1.23M');
    expect(formatShort(-45_600)).toBe('-45.6K');
    expect(formatShort(2_500_000_000, '$')).toBe('$2.5B');
    expect(formatShort(999)).toBe('999');
    expect(formatShort(null)).toBe('-');
  });
  it('formats dollars with separators and a leading minus', () => {
    expect(formatDollars(-1234567.89)).toBe('-$1,234,568');
    expect(formatDollars(null)).toBe('-');
  });
});

describe('latestSummary', () => {
  it('takes the last day of each series', () => {
    expect(latestSummary(data)).toEqual({
      date: '2024-03-08',
      netVolume: -100,
      netDollars: null,
      position: 340,
      positionDollars: 1234.5,
    });
  });
  it('is null for a ticker without rows', () => {
    const empty = {
      ...data,
      individual_dark_pool_position_data: { dates: [], dollar_dp_position: [], dollar_net_volume: [], dp_position: [] },
    };
    expect(latestSummary(empty)).toBeNull();
  });
});

describe('chart data tables', () => {
  it('lists the raw numbers newest first, dashes for missing values', () => {
    const t = shortVolumeTable(data);
    expect(t.columns).toEqual([
      'Price',
      'Short Volume',
      'Total Volume',
      'Net Short Volume',
      'DP Position',
      'DP Position $',
    ]);
    expect(t.rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['2024-03-08', '-', '50', '200', '-100', '340', '1234.50'],
      ['2024-03-07', '10.00', '60', '100', '20', '-', '-'],
    ]);
    expect(shortPercentTable(data).rows[0]!.cells).toEqual(['-', '25.00']);
  });
});
