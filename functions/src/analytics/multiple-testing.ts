/**
 * Benjamini-Hochberg adjusted p-values (q-values) for a family of tests, in input order: the
 * smallest false-discovery rate at which each test would be rejected. Same as statsmodels'
 * `multipletests(p, method='fdr_bh')[1]`: p(i) * m / i over the sorted p-values, made monotone from
 * the largest down, capped at 1.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const q = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    q[i] = running;
  }
  return q;
}
