import { describe, expect, it } from 'vitest';
import type { ArimaData } from '../api/get-ts-arima-data.ts';
import {
  correlogramTable,
  forecastTable,
  formatStat,
  probPlotTable,
  residualTable,
  toForecastView,
  toProbPlotView,
} from './reshape.ts';

const pred: ArimaData['pred'] = {
  prices: [
    ['2024-03-06', 100],
    ['2024-03-07', 102],
    ['2024-03-08', 101],
  ],
  predictions: [
    { date: '2024-03-11', value: 101.5, lower: 98, upper: 105 },
    { date: '2024-03-12', value: 101.7, lower: 96.5, upper: 106.9 },
  ],
};

describe('ARIMA reshaping', () => {
  it('puts the forecast after the last close on one date axis and spans the band in the y range', () => {
    const v = toForecastView(pred);
    expect(v.dates).toEqual(['2024-03-06', '2024-03-07', '2024-03-08', '2024-03-11', '2024-03-12']);
    expect(v.closes).toEqual([100, 102, 101]);
    expect(v.predictions.map((p) => p.x)).toEqual([3, 4]);
    expect([v.lo, v.hi]).toEqual([96.5, 106.9]);
    const recent = toForecastView(pred, 2);
    expect(recent.dates).toEqual(['2024-03-07', '2024-03-08', '2024-03-11', '2024-03-12']);
    expect(recent.closes).toEqual([102, 101]);
    expect(recent.predictions.map((p) => p.x)).toEqual([2, 3]);
  });
  it('tables the last close and every forecast day with its band', () => {
    const t = forecastTable(pred);
    expect(t.columns).toEqual(['Close', 'Prediction', 'Lower 95%', 'Upper 95%']);
    expect(t.rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['2024-03-08', '101.00', '', '', ''],
      ['2024-03-11', '', '101.50', '98.00', '105.00'],
      ['2024-03-12', '', '101.70', '96.50', '106.90'],
    ]);
  });
  it('tables residuals by date, correlograms by lag with the bound, probability plots by point', () => {
    expect(
      residualTable({ index: ['2024-03-07', '2024-03-08'], data: [1.23456, -0.5] }).rows.map((r) => [
        r.label,
        ...r.cells,
      ]),
    ).toEqual([
      ['2024-03-07', '1.2346'],
      ['2024-03-08', '-0.5000'],
    ]);
    const c = correlogramTable({ index: [0, 1], data: [1, -0.0912], bound: 0.0877 }, 'ACF');
    expect(c.testId).toBe('arima-acf-table');
    expect(c.rows[1]).toEqual({ key: '1', label: '1', cells: ['-0.0912', '±0.0877'] });
    const qq = { x: [-1, 0, 1], scatter: [-2, 0.1, 2.5], line: [-1.9, 0.05, 2] };
    expect(probPlotTable(qq, 'Theoretical quantile', 'Sample quantile', 'qq').rows[2]!.cells).toEqual([
      '1.0000',
      '2.5000',
      '2.0000',
    ]);
    expect(toProbPlotView(qq)).toMatchObject({ xLo: -1, xHi: 1, lo: -2, hi: 2.5 });
  });
  it('formats summary numbers as statsmodels prints them', () => {
    expect(formatStat(0.21176825)).toBe('0.2118');
    expect(formatStat(3.4445e-56, 3)).toBe('3.44e-56');
    expect(formatStat(0)).toBe('0.0000');
    expect(formatStat(null)).toBe('-');
    expect(formatStat(2946.2213, 3)).toBe('2946.221');
  });
});
