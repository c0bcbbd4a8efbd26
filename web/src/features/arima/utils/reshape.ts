import type { ChartTableData } from '../../../components/charts/chart-data-table.tsx';
import type { ArimaData } from '../api/get-ts-arima-data.ts';

export interface ForecastView {
  /** Observed dates then forecast dates: one x position each. */
  dates: string[];
  closes: number[];
  /** x index of each forecast point (after the last close). */
  predictions: Array<{ x: number; date: string; value: number; lower: number; upper: number }>;
  lo: number;
  hi: number;
}

/** Sessions shown by the "6M" zoom: enough history to read the 20-day forecast against. */
export const RECENT_SESSIONS = 126;

/** `last` keeps only the most recent closes on the chart (the fit always uses the full window). */
export function toForecastView(pred: ArimaData['pred'], last?: number): ForecastView {
  const prices = last === undefined ? pred.prices : pred.prices.slice(-last);
  const n = prices.length;
  const closes = prices.map((p) => p[1]);
  const predictions = pred.predictions.map((p, i) => ({ x: n + i, ...p }));
  const all = [...closes, ...predictions.flatMap((p) => [p.lower, p.upper])];
  return {
    dates: [...prices.map((p) => p[0]), ...pred.predictions.map((p) => p.date)],
    closes,
    predictions,
    lo: Math.min(...all),
    hi: Math.max(...all),
  };
}

export interface XyView {
  x: number[];
  y: number[];
}

export interface ProbPlotView {
  points: XyView;
  line: XyView;
  xLo: number;
  xHi: number;
  lo: number;
  hi: number;
}

export function toProbPlotView(p: ArimaData['qqplot']): ProbPlotView {
  const ys = [...p.scatter, ...p.line];
  return {
    points: { x: p.x, y: p.scatter },
    line: { x: p.x, y: p.line },
    xLo: Math.min(...p.x),
    xHi: Math.max(...p.x),
    lo: Math.min(...ys),
    hi: Math.max(...ys),
  };
}

const f = (v: number, d = 2) => v.toFixed(d);

export function forecastTable(pred: ArimaData['pred']): ChartTableData {
  const last = pred.prices.at(-1);
  return {
    rowHeader: 'Date',
    columns: ['Close', 'Prediction', 'Lower 95%', 'Upper 95%'],
    testId: 'arima-forecast-table',
    rowTestId: 'arima-forecast-row',
    rows: [
      ...(last ? [{ key: last[0], label: last[0], cells: [f(last[1]), '', '', ''] }] : []),
      ...pred.predictions.map((p) => ({ key: p.date, label: p.date, cells: ['', f(p.value), f(p.lower), f(p.upper)] })),
    ],
  };
}

export function residualTable(r: ArimaData['residual']): ChartTableData {
  return {
    rowHeader: 'Date',
    columns: ['Residual'],
    testId: 'arima-residual-table',
    rows: r.index.map((date, i) => ({ key: date, label: date, cells: [f(r.data[i]!, 4)] })),
  };
}

export function correlogramTable(c: ArimaData['acf'], name: string): ChartTableData {
  return {
    rowHeader: 'Lag',
    columns: [name, '95% bound'],
    testId: `arima-${name.toLowerCase()}-table`,
    rows: c.index.map((lag, i) => ({
      key: String(lag),
      label: String(lag),
      cells: [f(c.data[i]!, 4), `±${f(c.bound, 4)}`],
    })),
  };
}

export function probPlotTable(p: ArimaData['qqplot'], xName: string, yName: string, id: string): ChartTableData {
  return {
    rowHeader: '#',
    columns: [xName, yName, 'Reference'],
    testId: `arima-${id}-table`,
    rows: p.x.map((x, i) => ({
      key: String(i),
      label: String(i + 1),
      cells: [f(x, 4), f(p.scatter[i]!, 4), f(p.line[i]!, 4)],
    })),
  };
}

/** Numbers as the statsmodels summary prints them; '-' when the server sent null (not finite). */
export function formatStat(x: number | null, digits = 4): string {
  if (x === null) return '-';
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return x.toExponential(digits - 1);
  return x.toFixed(digits);
}
