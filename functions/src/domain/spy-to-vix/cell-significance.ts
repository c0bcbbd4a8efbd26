import { benjaminiHochberg } from '../../analytics/multiple-testing.ts';
import { normalTwoSided } from '../../analytics/special.ts';

/** The false-discovery rate at which the heat map calls a cell different from the base rate. */
export const CELL_FDR = 0.05;

/** One probability cell: its observations (positions in the horizon's series of days) and how many went up. */
export interface ProbCell {
  x: number;
  y: number;
  /** Day positions t of the cell's observations, ascending (consecutive trading days differ by 1). */
  days: readonly number[];
  up: number;
}

export interface CellTest {
  x: number;
  y: number;
  n: number;
  nEff: number;
  pValue: number;
  qValue: number;
  significant: boolean;
}

/**
 * Effective sample size of a cell whose h-day forward returns overlap. Two windows starting k days
 * apart share h - k of their h days, so with independent daily returns their correlation is
 * max(0, 1 - k/h) (the triangular, Bartlett-shaped autocorrelation behind the Hansen-Hodrick (1980)
 * and Newey-West (1987) overlap corrections). The variance of the cell's mean is then sigma^2/n^2
 * times the sum of all pairwise correlations, i.e. that of n_eff = n^2 / (n + 2 sum_{i<j} rho_ij)
 * independent draws (Kish's design effect). h = 1 or days h apart: n_eff = n; n consecutive
 * days: about n / h.
 */
export function overlapEffectiveN(days: readonly number[], h: number): number {
  const n = days.length;
  if (n === 0) return 0;
  let pairs = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n && days[j]! - days[i]! < h; j++) pairs += 1 - (days[j]! - days[i]!) / h;
  }
  return (n * n) / (n + 2 * pairs);
}

/**
 * Two-sided test of a cell's share of up moves against the horizon's base rate: the normal
 * approximation to the binomial with the effective sample size, z = (up/n - p0) / sqrt(p0 (1 - p0) / n_eff).
 */
export function cellPValue(up: number, n: number, nEff: number, baseRate: number): number {
  const se = Math.sqrt((baseRate * (1 - baseRate)) / nEff);
  if (!(se > 0)) return 1;
  return normalTwoSided((up / n - baseRate) / se);
}

/**
 * Every shown cell of every horizon tested against its horizon's base rate, then one
 * Benjamini-Hochberg correction over the whole family (all cells the heat maps show), so the
 * screen marks as significant only what survives at false-discovery rate `fdr`.
 */
export function testProbabilityCells<K extends string>(
  horizons: ReadonlyArray<{ key: K; h: number; baseRate: number; cells: readonly ProbCell[] }>,
  fdr = CELL_FDR,
): Record<K, CellTest[]> {
  const tested = horizons.map(({ h, baseRate, cells }) =>
    cells.map((c) => {
      const nEff = overlapEffectiveN(c.days, h);
      return { x: c.x, y: c.y, n: c.days.length, nEff, pValue: cellPValue(c.up, c.days.length, nEff, baseRate) };
    }),
  );
  const q = benjaminiHochberg(tested.flat().map((t) => t.pValue));
  let k = 0;
  const out = {} as Record<K, CellTest[]>;
  horizons.forEach(({ key }, i) => {
    out[key] = tested[i]!.map((t) => {
      const qValue = q[k++]!;
      return { ...t, qValue, significant: qValue < fdr };
    });
  });
  return out;
}
