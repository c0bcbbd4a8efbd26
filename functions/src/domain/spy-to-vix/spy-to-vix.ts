import type {
  SpyToVix,
  SpyToVixPeriod,
  SpyToVixProbRow,
  SpyToVixRegression,
} from '@tapewatch/shared/schemas/spy-to-vix';
import { forwardReturns, ols, pctChange } from '../../analytics/index.ts';
import { CELL_FDR, type ProbCell, testProbabilityCells } from './cell-significance.ts';

export const HORIZONS = [1, 2, 5, 10, 20] as const;
/** SPY rows: -3.0% .. +3.0% in 0.1% steps (61 rows; label = index x 0.1 - 3). */
export const SPY_ROWS = 61;
/** VIX columns. Wide enough for most days; the end columns collect the tails. */
export const VIX_RANGE_1 = { min: -30, max: 50, step: 1 } as const;
export const VIX_RANGE_10 = { min: -50, max: 100, step: 10 } as const;
export const MIN_CELL_COUNT = 20;

export interface Aligned {
  dates: string[];
  spy: number[];
  vix: number[];
}

/** Joins SPY and VIX closes on date (an index and an ETF can miss different days). */
export function alignCloses(
  spy: { date: string[]; close: number[] },
  vix: { date: string[]; close: number[] },
  from: string,
  to: string,
): Aligned {
  const vixByDate = new Map(vix.date.map((d, i) => [d, vix.close[i]!]));
  const out: Aligned = { dates: [], spy: [], vix: [] };
  spy.date.forEach((d, i) => {
    const v = vixByDate.get(d);
    if (d < from || d > to || v === undefined) return;
    out.dates.push(d);
    out.spy.push(spy.close[i]!);
    out.vix.push(v);
  });
  return out;
}

export interface HorizonObservations {
  /** % changes over the h days ending at t, for every t with both defined. */
  spy: number[];
  vix: number[];
  /** SPY % return over the next h days from the same t; null for the last h days. */
  fwd: Array<number | null>;
  firstDate: string;
}

export function horizonObservations(a: Aligned, h: number): HorizonObservations {
  const spyChg = pctChange(a.spy, h);
  const vixChg = pctChange(a.vix, h);
  const fwd = forwardReturns(a.spy, [h])[h]!;
  const out: HorizonObservations = { spy: [], vix: [], fwd: [], firstDate: a.dates[h] ?? '' };
  for (let t = h; t < a.spy.length; t++) {
    out.spy.push(spyChg[t]! * 100);
    out.vix.push(vixChg[t]! * 100);
    const f = fwd[t];
    out.fwd.push(f === null || f === undefined ? null : f * 100);
  }
  return out;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Row of a SPY % change: rounded to 0.1%, -3% is row 0, tails go to the end rows. */
export const spyRow = (spyPct: number) => clamp(Math.round(spyPct * 10) + 30, 0, SPY_ROWS - 1);
export function vixColumn(vixPct: number, range: { min: number; max: number; step: number }): number {
  const columns = (range.max - range.min) / range.step + 1;
  return clamp(Math.round(vixPct / range.step) - range.min / range.step, 0, columns - 1);
}
export const vixLabels = (r: { min: number; max: number; step: number }) =>
  Array.from({ length: (r.max - r.min) / r.step + 1 }, (_, i) => String(r.min + i * r.step));
export const spyLabels = () => Array.from({ length: SPY_ROWS }, (_, i) => (i * 0.1 - 3).toFixed(1));

const round = (v: number, digits = 4) => Number(v.toFixed(digits));

/** Joint distribution: % of all observations per (VIX column, SPY row) cell; empty cells left out. */
export function jointDistribution(
  obs: HorizonObservations,
  range: { min: number; max: number; step: number },
): Array<[number, number, number]> {
  const counts = new Map<string, number>();
  obs.spy.forEach((s, i) => {
    const key = `${vixColumn(obs.vix[i]!, range)},${spyRow(s)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return [...counts]
    .map(([key, n]): [number, number, number] => {
      const [x, y] = key.split(',').map(Number) as [number, number];
      return [x, y, round((100 * n) / obs.spy.length)];
    })
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

/** The probability heat map's cells with >= minCount forward returns: their days and up moves, sorted by x then y. */
export function probCells(obs: HorizonObservations, minCount = MIN_CELL_COUNT): ProbCell[] {
  const cells = new Map<string, ProbCell & { days: number[] }>();
  obs.spy.forEach((s, i) => {
    const f = obs.fwd[i];
    if (f === null || f === undefined) return;
    const x = vixColumn(obs.vix[i]!, VIX_RANGE_10);
    const y = spyRow(s);
    const key = `${x},${y}`;
    let c = cells.get(key);
    if (!c) cells.set(key, (c = { x, y, days: [], up: 0 }));
    c.days.push(i);
    if (f > 0) c.up += 1;
  });
  return [...cells.values()].filter((c) => c.days.length >= minCount).sort((p, q) => p.x - q.x || p.y - q.y);
}

/** % of the cell's observations with a positive forward return, for cells with >= minCount of them. */
export function probPositive(obs: HorizonObservations, minCount = MIN_CELL_COUNT): Array<[number, number, number]> {
  return probCells(obs, minCount).map((c) => [c.x, c.y, round((100 * c.up) / c.days.length)]);
}

/** Share of the horizon's forward returns that are positive: what a cell is tested against. */
export function baseRate(obs: HorizonObservations): number {
  const known = obs.fwd.filter((f): f is number => f !== null && f !== undefined);
  return known.length === 0 ? 0 : known.filter((f) => f > 0).length / known.length;
}

/** Per 10% VIX bucket: P(fwd > 0), P(fwd < 0) in % and the number of observations (buckets with data). */
export function probabilityTable(obs: HorizonObservations): SpyToVixProbRow[] {
  const labels = vixLabels(VIX_RANGE_10);
  const acc = labels.map(() => ({ n: 0, up: 0, down: 0 }));
  obs.fwd.forEach((f, i) => {
    if (f === null) return;
    const c = acc[vixColumn(obs.vix[i]!, VIX_RANGE_10)]!;
    c.n += 1;
    if (f > 0) c.up += 1;
    else if (f < 0) c.down += 1;
  });
  return acc.flatMap((c, i) =>
    c.n === 0
      ? []
      : [
          {
            vix_bucket: labels[i]!,
            positive: round((100 * c.up) / c.n, 2),
            negative: round((100 * c.down) / c.n, 2),
            count: c.n,
          },
        ],
  );
}

export function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/**
 * spy_h = const + x1 * vix_h. Overlapping h-day windows make the errors autocorrelated up to lag
 * h - 1, hence Newey-West (HAC) with maxlags h - 1; at one day that is 0 lags (White's robust errors).
 */
export function regression(obs: HorizonObservations, h: number): SpyToVixRegression {
  const maxlags = h - 1;
  const r = ols(
    obs.spy,
    obs.vix.map((v) => [v]),
    { addConstant: true, covType: 'HAC', maxlags },
  );
  const pair = (a: readonly number[]) => ({ const: round(a[0]!, 8), x1: round(a[1]!, 8) });
  return {
    'Coef.': pair(r.params),
    'Std.Err.': pair(r.bse),
    t: pair(r.tvalues),
    'P>|t|': pair(r.pvalues),
    '[0.025': pair(r.confInt.map((c) => c[0])),
    '0.975]': pair(r.confInt.map((c) => c[1])),
    correlation: round(pearson(obs.vix, obs.spy), 6),
    r_squared: round(r.rsquared, 6),
    nobs: r.nobs,
    maxlags,
  };
}

type PerPeriod<T> = Record<SpyToVixPeriod, T>;

export function computeSpyToVix(a: Aligned, asOf: string, minCount = MIN_CELL_COUNT): SpyToVix {
  const rounded1 = {} as PerPeriod<Array<[number, number, number]>>;
  const rounded10 = {} as PerPeriod<Array<[number, number, number]>>;
  const prob = {} as PerPeriod<Array<[number, number, number]>>;
  const regressionData = {} as PerPeriod<SpyToVixRegression>;
  const probTable = {} as PerPeriod<SpyToVixProbRow[]>;
  const base = {} as PerPeriod<number>;
  const family: Array<{ key: SpyToVixPeriod; h: number; baseRate: number; cells: ProbCell[] }> = [];
  for (const h of HORIZONS) {
    const key = `${h}d` as SpyToVixPeriod;
    const obs = horizonObservations(a, h);
    rounded1[key] = jointDistribution(obs, VIX_RANGE_1);
    rounded10[key] = jointDistribution(obs, VIX_RANGE_10);
    const cells = probCells(obs, minCount);
    prob[key] = cells.map((c) => [c.x, c.y, round((100 * c.up) / c.days.length)]);
    base[key] = baseRate(obs);
    family.push({ key, h, baseRate: base[key], cells });
    regressionData[key] = regression(obs, h);
    probTable[key] = probabilityTable(obs);
  }
  const tests = testProbabilityCells(family);
  const cellTests = {} as PerPeriod<SpyToVix['spy_to_vix_prob_positive']['cell_tests'][SpyToVixPeriod]>;
  for (const { key } of family)
    cellTests[key] = tests[key].map((t) => ({
      x: t.x,
      y: t.y,
      n: t.n,
      n_eff: round(t.nEff, 2),
      p_value: t.pValue,
      q_value: t.qValue,
      significant: t.significant,
    }));
  const y = spyLabels();
  return {
    as_of: asOf,
    from: a.dates[0] ?? '',
    spy_to_vix_prob_positive: {
      index: { x: vixLabels(VIX_RANGE_10), y },
      data: prob,
      regression_data: regressionData,
      prob_table: probTable,
      min_count: minCount,
      base_rate: Object.fromEntries(family.map(({ key }) => [key, round(100 * base[key], 2)])) as PerPeriod<number>,
      cell_tests: cellTests,
      fdr: CELL_FDR,
    },
    spy_to_vix_rounded_1: { index: { x: vixLabels(VIX_RANGE_1), y }, data: rounded1 },
    spy_to_vix_rounded_10: { index: { x: vixLabels(VIX_RANGE_10), y }, data: rounded10 },
  };
}
