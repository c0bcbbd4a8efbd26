/**
 * Dynamic time warping distance with an optional Sakoe-Chiba band.
 * Local cost |a_i - b_j|; the band is widened to |n - m| when needed so a
 * path always exists. O(n * band) time, O(m) memory.
 */
import { AnalyticsError, assertFiniteArray } from './errors.ts';

export function dtwDistance(a: number[], b: number[], opts: { window?: number } = {}): number {
  assertFiniteArray(a, 'first series');
  assertFiniteArray(b, 'second series');
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) throw new AnalyticsError('too_short', 'DTW needs two non-empty series.');
  const w = opts.window === undefined ? Math.max(n, m) : Math.max(opts.window, Math.abs(n - m));
  if (!Number.isInteger(w) || w < 0)
    throw new AnalyticsError('invalid_input', 'The DTW window must be a non-negative integer.');
  let prev = new Float64Array(m + 1).fill(Infinity);
  let cur = new Float64Array(m + 1).fill(Infinity);
  prev[0] = 0;
  for (let i = 1; i <= n; i++) {
    cur.fill(Infinity);
    const lo = Math.max(1, i - w);
    const hi = Math.min(m, i + w);
    for (let j = lo; j <= hi; j++) {
      const cost = Math.abs(a[i - 1]! - b[j - 1]!);
      cur[j] = cost + Math.min(prev[j]!, cur[j - 1]!, prev[j - 1]!);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m]!;
}
