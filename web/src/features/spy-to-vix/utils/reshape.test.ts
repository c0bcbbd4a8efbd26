import { describe, expect, it } from 'vitest';
import type { SpyToVixHeatmap, SpyToVixRegression } from '@tapewatch/shared/schemas/spy-to-vix';
import { cellTable, formatP, regressionRows, sparseLabel, toGridRows } from './reshape.ts';

const empty = { '1d': [], '2d': [], '5d': [], '10d': [], '20d': [] };
const feature: SpyToVixHeatmap = {
  index: { x: ['-10', '0', '10'], y: ['-0.1', '0.0', '0.1'] },
  data: {
    ...empty,
    '5d': [
      [0, 2, 12.5],
      [2, 0, 50],
    ],
  },
};

describe('toGridRows', () => {
  it('puts the highest SPY row on top and fills missing cells with null', () => {
    const rows = toGridRows(feature, '5d');
    expect(rows.map((r) => r.id)).toEqual(['0.1', '0.0', '-0.1']);
    expect(rows[0]!.data).toEqual([
      { x: '-10', y: 12.5 },
      { x: '0', y: null },
      { x: '10', y: null },
    ]);
    expect(rows[2]!.data[2]).toEqual({ x: '10', y: 50 });
    expect(toGridRows(feature, '1d').every((r) => r.data.every((c) => c.y === null))).toBe(true);
  });
});

describe('cellTable', () => {
  it('lists the API cells with their axis labels', () => {
    const t = cellTable(feature, '5d', '% of days', 'cells');
    expect(t.rows).toEqual([
      { key: '0,2', label: '-10', cells: ['0.1', '12.50'] },
      { key: '2,0', label: '10', cells: ['-0.1', '50.00'] },
    ]);
    expect(t.rowTestId).toBe('cells-row');
  });
});

describe('regressionRows', () => {
  it('maps const to alpha and x1 to beta', () => {
    const pair = (a: number, b: number) => ({ const: a, x1: b });
    const r: SpyToVixRegression = {
      'Coef.': pair(0.3, -0.1),
      'Std.Err.': pair(0.04, 0.005),
      t: pair(7.5, -20),
      'P>|t|': pair(0, 0),
      '[0.025': pair(0.22, -0.11),
      '0.975]': pair(0.38, -0.09),
      correlation: -0.7,
      r_squared: 0.49,
      nobs: 100,
      maxlags: 4,
    };
    expect(regressionRows(r)).toEqual([
      { term: 'alpha', coef: 0.3, se: 0.04, t: 7.5, p: 0, lo: 0.22, hi: 0.38 },
      { term: 'beta', coef: -0.1, se: 0.005, t: -20, p: 0, lo: -0.11, hi: -0.09 },
    ]);
  });
});

describe('labels', () => {
  it('keeps every 0.5% row label and every 10th bucket', () => {
    expect(['-3.0', '-2.9', '-2.5', '0.0', '0.4'].map((l) => sparseLabel(l, 0.5))).toEqual([
      '-3.0',
      '',
      '-2.5',
      '0.0',
      '',
    ]);
    expect(['-30', '-25', '-20', '7'].map((l) => sparseLabel(l, 10))).toEqual(['-30', '', '-20', '']);
  });
  it('prints tiny p-values as statsmodels does', () => {
    expect(formatP(1e-80)).toBe('0.0000');
    expect(formatP(0.01234)).toBe('0.0123');
  });
});
