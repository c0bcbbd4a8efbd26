import { describe, expect, it } from 'vitest';
import { clampZoom, intradayTable, intradayView, movingAverage, visibleRange, zoomAround } from './intraday-view.ts';
import { formatChange, metricRows } from './metrics-view.ts';
import { seasonalityTable, seasonalityValues } from './seasonality-view.ts';

describe('intraday view', () => {
  it('moving average of the closes: null until the period is full or while a bucket has no price', () => {
    expect(movingAverage([1, 2, 3, 4], 2)).toEqual([null, 1.5, 2.5, 3.5]);
    expect(movingAverage([1, null, 3, 5, 7], 2)).toEqual([null, null, null, 4, 6]);
    expect(movingAverage([1, 2], 10)).toEqual([null, null]);
  });

  it('puts the premium axis at 4x the largest bar and the price range over the candles', () => {
    const v = intradayView({
      ticker: 'SPY',
      date: '2024-03-08',
      interval: 1,
      minutes: 10,
      index: ['09:30', '09:40'],
      ohlc: [[10, 12, 9, 11], null],
      calls: [30, 5],
      puts: [2, 50],
    });
    expect(v.premiumMax).toBe(200);
    expect([v.priceMin, v.priceMax]).toEqual([9, 12]);
    const table = intradayTable(v);
    expect(table.rows[0]).toEqual({
      key: '09:30',
      label: '09:30',
      cells: ['10.00', '12.00', '9.00', '11.00', '30', '2', '-', '-'],
    });
    expect(table.rows[1]!.cells.slice(0, 6)).toEqual(['-', '-', '-', '-', '5', '50']);
  });

  it('zoom never narrower than 25% nor outside the data', () => {
    expect(clampZoom({ start: 0.5, end: 0.55 })).toEqual({ start: 0.5, end: 0.75 });
    expect(clampZoom({ start: 0.9, end: 1.15 })).toEqual({ start: 0.75, end: 1 });
    expect(zoomAround({ start: 0, end: 1 }, 0.5, 0.5)).toEqual({ start: 0.25, end: 0.75 });
    expect(zoomAround({ start: 0.25, end: 0.75 }, 0.1, 0)).toEqual({ start: 0.25, end: 0.5 });
    expect(zoomAround({ start: 0.25, end: 0.75 }, 4, 0.5)).toEqual({ start: 0, end: 1 });
    expect(visibleRange(40, { start: 0.25, end: 0.5 })).toEqual([10, 20]);
    expect(visibleRange(3, { start: 0.75, end: 1 })).toEqual([2, 3]);
  });
});

describe('metrics rows', () => {
  it('formats premiums as $K, flows whole, scores with 2 decimals and signed changes', () => {
    const zero = {
      call_premiums_chg: null,
      put_premiums_chg: null,
      call_flow_chg: null,
      put_flow_chg: null,
      avg_call_score_chg: null,
      avg_put_score_chg: null,
    };
    const m = {
      call_premiums: 1234.4,
      put_premiums: 10,
      call_flow: 1500,
      put_flow: 3,
      avg_call_score: 0.456,
      avg_put_score: null,
    };
    const rows = metricRows(
      {
        ticker: 'SPY',
        has_flow: true,
        current_date: '2024-03-08',
        prior_date: '2024-03-07',
        base_date: '2024-03-06',
        current: m,
        prior: { ...m, ...zero, call_premiums_chg: 12.5, put_flow_chg: -3 },
      },
      { ticker: 'SPY', has_flow: true, ...m, ...zero, days: [], base_days: [] },
    );
    expect(rows.map((r) => r.label)).toEqual([
      'Call Premiums',
      'Put Premiums',
      'Call Flows',
      'Put Flows',
      'Avg Call Score',
      'Avg Put Score',
    ]);
    expect([
      rows[0]!.today,
      rows[0]!.priorChange,
      rows[2]!.today,
      rows[3]!.priorChange,
      rows[4]!.today,
      rows[5]!.today,
    ]).toEqual(['$1,234K', '+12.50%', '1,500', '-3.00%', '0.46', '-']);
    expect(formatChange(null)).toBe('-');
  });
});

describe('seasonality view', () => {
  it('draws no bar for a category without days and lists its average as "-"', () => {
    const s = { index: ['Jan', 'Feb'], calls: [null, 1234.6], puts: [0, 2] };
    expect(seasonalityValues(s, 'calls')).toEqual([0, 1234.6]);
    expect(seasonalityTable(s, 'calls', 'monthly', 'Month').rows.map((r) => r.cells[0])).toEqual(['-', '1,235']);
  });
});
