import { describe, expect, it } from 'vitest';
import { linePath } from '../../../components/charts/scales.ts';
import { nearestIndex } from '../../../components/charts/use-hover-index.ts';
import { valueScale, yearTicks } from './chart-geometry.ts';
import { formatChange, formatChangePct, formatPeriodDate, formatStat, formatValue } from './format.ts';
import { toRows } from './table-rows.ts';

describe('format', () => {
  it('formats values by unit and changes with their sign', () => {
    expect(formatValue(23.9853, 'ratio')).toBe('23.99');
    expect(formatValue(1.5812, 'percent')).toBe('1.58%');
    expect(formatValue(4345.3729, 'usd')).toBe('$4,345.37');
    expect(formatChange(-0.51, 'ratio')).toBe('-0.51');
    expect(formatChange(0.2, 'percent')).toBe('+0.20%');
    expect(formatChange(12, 'usd')).toBe('+$12.00');
    expect(formatChange(null, 'usd')).toBe('');
    expect(formatChangePct(-2.125)).toBe('-2.13%');
    expect(formatPeriodDate('2023-06-01', false)).toBe('Jun 2023');
    expect(formatPeriodDate('2023-01-01', true)).toBe('2023');
  });

  it('formats statistics: dates as periods, counts plain, percentile in percent', () => {
    expect(formatStat({ key: 'Minimum date', value: '1917-12-01' }, 'ratio', false)).toBe('Dec 1917');
    expect(formatStat({ key: 'Observations', value: 1830 }, 'ratio', false)).toBe('1,830');
    expect(formatStat({ key: 'Percentile of current', value: 87.25 }, 'ratio', false)).toBe('87.3%');
    expect(formatStat({ key: 'Mean', value: 4.1 }, 'percent', false)).toBe('4.10%');
  });
});

describe('table rows', () => {
  it('puts the newest observation first and keeps change and change % with their date', () => {
    const rows = toRows({
      dates: ['2023-05-01', '2023-06-01'],
      data: [23.14, 23.99],
      change: [null, 0.85],
      change_pct: [null, 3.67],
    });
    expect(rows).toEqual([
      { date: '2023-06-01', value: 23.99, change: 0.85, changePct: 3.67 },
      { date: '2023-05-01', value: 23.14, change: null, changePct: null },
    ]);
  });
});

describe('chart geometry', () => {
  it('labels every 20 years on 150 years of months when 8 ticks fit', () => {
    const dates = Array.from(
      { length: 150 * 12 },
      (_, i) => `${1871 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`,
    );
    const ticks = yearTicks(dates, 8);
    expect(ticks.map((i) => dates[i])).toEqual([
      '1880-01-01',
      '1900-01-01',
      '1920-01-01',
      '1940-01-01',
      '1960-01-01',
      '1980-01-01',
      '2000-01-01',
      '2020-01-01',
    ]);
  });

  it('pads the value range to round ticks and keeps it off zero for positive data', () => {
    expect(valueScale([5.31, 123.73], 6)).toEqual({ min: 0, max: 140, ticks: [0, 20, 40, 60, 80, 100, 120, 140] });
    expect(valueScale([13.3, 44.2], 4)).toEqual({ min: 10, max: 50, ticks: [10, 20, 30, 40, 50] });
  });

  it('draws the line and finds the nearest point', () => {
    expect(
      linePath(
        [1, 2],
        (i) => i * 10,
        (v) => 100 - v,
      ),
    ).toBe('M0.0,99.0L10.0,98.0');
    expect(nearestIndex(50, 0, 100, 11)).toBe(5);
    expect(nearestIndex(-20, 0, 100, 11)).toBe(0);
  });
});
