import type {
  SpyToVix,
  SpyToVixCellTest,
  SpyToVixHeatmap,
  SpyToVixPeriod,
  SpyToVixRegression,
} from '@tapewatch/shared/schemas/spy-to-vix';
import type { HeatmapGridRow } from '../../../components/charts/heatmap-grid.tsx';
import type { ChartTableData } from '../../../components/charts/chart-data-table.tsx';

export const PERIODS: ReadonlyArray<{ key: SpyToVixPeriod; days: number }> = [
  { key: '1d', days: 1 },
  { key: '2d', days: 2 },
  { key: '5d', days: 5 },
  { key: '10d', days: 10 },
  { key: '20d', days: 20 },
];

/**
 * Heatmap rows for one period: SPY change rows with the highest return on top (the API sends
 * row 0 = -3%), one column per VIX bucket; cells the API left out are null (no observations,
 * or too few for a probability).
 */
export function toGridRows(feature: SpyToVixHeatmap, period: SpyToVixPeriod): HeatmapGridRow[] {
  const { x, y } = feature.index;
  const grid = y.map(() => x.map((): number | null => null));
  for (const [xi, yi, v] of feature.data[period]) {
    const row = grid[yi];
    if (row && xi < row.length) row[xi] = v;
  }
  return y.map((label, yi) => ({ id: label, data: x.map((xl, xi) => ({ x: xl, y: grid[yi]![xi]! })) })).reverse();
}

/** The chart's numbers in long form (one row per non-empty cell), as the API lists them. */
export function cellTable(
  feature: SpyToVixHeatmap,
  period: SpyToVixPeriod,
  valueHeader: string,
  testId: string,
): ChartTableData {
  const { x, y } = feature.index;
  return {
    rowHeader: 'VIX change %',
    columns: ['SPY change %', valueHeader],
    rows: feature.data[period].map(([xi, yi, v]) => ({
      key: `${xi},${yi}`,
      label: x[xi] ?? String(xi),
      cells: [y[yi] ?? String(yi), v.toFixed(2)],
    })),
    testId,
    rowTestId: `${testId}-row`,
  };
}

type ProbabilityFeature = SpyToVix['spy_to_vix_prob_positive'];

/** A probability cell's test in words: sample size, effective sample size, p and q, and the verdict. */
export function cellTestNote(t: SpyToVixCellTest, fdr: number): string {
  const verdict = t.significant ? 'differs from the base rate' : 'not significant (greyed)';
  return `n ${t.n}, effective n ${t.n_eff.toFixed(1)}, p ${formatP(t.p_value)}, q ${formatP(t.q_value)}: ${verdict} at a ${Math.round(fdr * 100)}% false-discovery rate`;
}

/**
 * The probability heat map's per-cell detail, looked up by the grid's row id (SPY label) and
 * column (VIX label): the tooltip line and whether the cell is greyed as not significant.
 */
export function probabilityCellDetail(
  prob: ProbabilityFeature,
  period: SpyToVixPeriod,
): (rowId: string, x: string) => { note: string; muted: boolean } | undefined {
  const { x, y } = prob.index;
  const byCell = new Map(prob.cell_tests[period].map((t) => [`${y[t.y]}|${x[t.x]}`, t]));
  return (rowId, column) => {
    const t = byCell.get(`${rowId}|${column}`);
    return t && { note: cellTestNote(t, prob.fdr), muted: !t.significant };
  };
}

/** The probability chart's table: each cell with its sample size and test, so no colour is needed to read it. */
export function probabilityCellTable(prob: ProbabilityFeature, period: SpyToVixPeriod, testId: string): ChartTableData {
  const { x, y } = prob.index;
  return {
    rowHeader: 'VIX change %',
    columns: ['SPY change %', 'P(SPY up) %', 'n', 'Effective n', 'p', 'q', `Significant (q < ${prob.fdr})`],
    rows: prob.cell_tests[period].map((t, i) => ({
      key: `${t.x},${t.y}`,
      label: x[t.x] ?? String(t.x),
      cells: [
        y[t.y] ?? String(t.y),
        (prob.data[period][i]?.[2] ?? Number.NaN).toFixed(2),
        String(t.n),
        t.n_eff.toFixed(1),
        formatP(t.p_value),
        formatP(t.q_value),
        t.significant ? 'yes' : 'no',
      ],
    })),
    testId,
    rowTestId: `${testId}-row`,
  };
}

export interface RegressionRow {
  term: 'alpha' | 'beta';
  coef: number;
  se: number;
  t: number;
  p: number;
  lo: number;
  hi: number;
}

/** Alpha (const) and beta (x1, the VIX change) rows of the statsmodels-style summary. */
export function regressionRows(r: SpyToVixRegression): RegressionRow[] {
  return (['const', 'x1'] as const).map((k) => ({
    term: k === 'const' ? 'alpha' : 'beta',
    coef: r['Coef.'][k],
    se: r['Std.Err.'][k],
    t: r.t[k],
    p: r['P>|t|'][k],
    lo: r['[0.025'][k],
    hi: r['0.975]'][k],
  }));
}

/** Column labels for crowded axes: only every `every`-th bucket keeps its label. */
export function sparseLabel(label: string, every: number): string {
  const v = Number(label);
  return Number.isFinite(v) && Math.round(v * 10) % Math.round(every * 10) === 0 ? label : '';
}

/** p-values that small print as 0.0000 in statsmodels; keep that look rather than 1e-300. */
export const formatP = (p: number) => (p < 0.00005 ? '0.0000' : p.toFixed(4));
