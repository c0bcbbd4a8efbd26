import { describe, expect, it } from 'vitest';
import { dtwPathInto, dtwSq, dtwWorkspace, envelopeInto, lbKeogh } from './dtw-banded.ts';
import { dtwKmeans } from './dtw-kmeans.ts';
import { AnalyticsError } from './errors.ts';
import { mulberry32 } from './random.ts';

/** The textbook DTW: the whole (n + 1) x (m + 1) matrix, cells outside the band left infinite. */
function referenceDtw(a: number[], b: number[], band: number): number {
  const D = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(Infinity));
  D[0]![0] = 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      if (Math.abs(i - j) > band) continue;
      D[i]![j] = (a[i - 1]! - b[j - 1]!) ** 2 + Math.min(D[i - 1]![j]!, D[i - 1]![j - 1]!, D[i]![j - 1]!);
    }
  }
  return D[a.length]![b.length]!;
}

/** DBA's step on the textbook matrix: walk the optimal path back (ties: diagonal, then up) adding b_j to sums[i]. */
function referencePath(a: number[], b: number[], band: number): { sums: number[]; counts: number[] } {
  const n = a.length;
  const D = Array.from({ length: n + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  D[0]![0] = 0;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= n; j++)
      if (Math.abs(i - j) <= band)
        D[i]![j] = (a[i - 1]! - b[j - 1]!) ** 2 + Math.min(D[i - 1]![j]!, D[i - 1]![j - 1]!, D[i]![j - 1]!);
  const sums = new Array<number>(n).fill(0);
  const counts = new Array<number>(n).fill(0);
  let [i, j] = [n, n];
  for (;;) {
    sums[i - 1]! += b[j - 1]!;
    counts[i - 1]! += 1;
    if (i === 1 && j === 1) return { sums, counts };
    const [diag, up, left] = [D[i - 1]![j - 1]!, D[i - 1]![j]!, D[i]![j - 1]!];
    if (diag <= up && diag <= left) [i, j] = [i - 1, j - 1];
    else if (up <= left) i--;
    else j--;
  }
}

const series = (rand: () => number, len: number) => Array.from({ length: len }, () => rand() * 4 - 2);
const split = (p: number[], f: number) =>
  Array.from({ length: f }, (_, g) => p.slice((g * p.length) / f, ((g + 1) * p.length) / f));
const pointDistance = (p: number[], c: number[], f: number, band: number) => {
  const [ps, cs] = [split(p, f), split(c, f)];
  let s = 0;
  for (let g = 0; g < f; g++) s += referenceDtw(ps[g]!, cs[g]!, band);
  return s;
};

describe('banded DTW kernel', () => {
  it('equals the reference DTW on random series for every band; abandons only above the limit', () => {
    const rand = mulberry32(11);
    const ws = dtwWorkspace(20);
    for (let t = 0; t < 400; t++) {
      const len = 1 + Math.floor(rand() * 20);
      const band = Math.floor(rand() * (len + 1));
      const a = series(rand, len);
      const b = series(rand, len);
      const ref = referenceDtw(a, b, band);
      const fa = Float64Array.from([9, ...a]);
      const fb = Float64Array.from([...b, 9]);
      // Identical, not close: the same recursion in the same order.
      expect(dtwSq(fa, 1, fb, 0, len, band, Infinity, ws)).toBe(ref);
      expect(dtwSq(fa, 1, fb, 0, len, band, ref, ws)).toBe(ref);
      expect(dtwSq(fa, 1, fb, 0, len, band, ref * 0.5, ws)).toBeGreaterThanOrEqual(ref * 0.5);
      // LB_Keogh never exceeds the distance.
      const up = new Float64Array(len);
      const lo = new Float64Array(len);
      envelopeInto(fb, 0, len, band, up, lo, 0);
      expect(lbKeogh(fa, 1, up, lo, 0, len, Infinity)).toBeLessThanOrEqual(ref * (1 + 1e-12));
    }
  });

  it('walks the same warping path as the textbook matrix (DBA), with the band-1 kernel and the general one', () => {
    const rand = mulberry32(12);
    const ws = dtwWorkspace(16);
    for (let t = 0; t < 300; t++) {
      const len = 1 + Math.floor(rand() * 16);
      // Half the cases at band 1 (its own kernel), the rest anywhere in [0, len].
      const band = t % 2 === 0 ? 1 : Math.floor(rand() * (len + 1));
      // Rounded values so ties between paths happen and the tie order is tested.
      const a = series(rand, len).map(Math.round);
      const b = series(rand, len).map(Math.round);
      const sums = new Float64Array(len);
      const counts = new Float64Array(len);
      dtwPathInto(Float64Array.from([7, ...a]), 1, Float64Array.from(b), 0, len, band, ws, sums, counts);
      const ref = referencePath(a, b, band);
      expect(Array.from(sums)).toEqual(ref.sums);
      expect(Array.from(counts)).toEqual(ref.counts);
    }
  });

  it('with a band of 0 is the squared euclidean distance; a shifted copy costs less with a band', () => {
    const ws = dtwWorkspace(8);
    const a = Float64Array.from([0, 0, 1, 2, 1, 0, 0]);
    const b = Float64Array.from([0, 1, 2, 1, 0, 0, 0]);
    expect(dtwSq(a, 0, b, 0, 7, 0, Infinity, ws)).toBe(4);
    expect(dtwSq(a, 0, b, 0, 7, 1, Infinity, ws)).toBe(0);
  });
});

describe('DTW k-means', () => {
  const rand = mulberry32(5);
  // 120 two-feature windows of length 10, drawn around three shapes so the clusters are real.
  const shapes = [0, 1, 2].map(() => series(rand, 20));
  const points = Array.from({ length: 120 }, (_, i) => shapes[i % 3]!.map((v) => v + (rand() - 0.5)));

  it('labels every point with its nearest centre under the reference DTW (brute force), and the inertia is their sum', () => {
    for (const [k, band] of [
      [3, 1],
      [5, 2],
      [4, 0],
    ] as const) {
      const r = dtwKmeans(points, k, { features: 2, band, seed: 42, nInit: 3, maxIter: 10 });
      let inertia = 0;
      points.forEach((p, i) => {
        const d = r.centers.map((c) => pointDistance(p, c, 2, band));
        const best = d.indexOf(Math.min(...d));
        expect(r.labels[i]).toBe(best);
        inertia += d[best]!;
      });
      expect(r.inertia).toBeCloseTo(inertia, 9);
      expect(new Set(r.labels).size).toBe(k);
    }
  });

  it('is deterministic for a seed and prunes most full DTW computations', () => {
    const a = dtwKmeans(points, 4, { features: 2, band: 1, seed: 42, nInit: 2, maxIter: 10 });
    expect(dtwKmeans(points, 4, { features: 2, band: 1, seed: 42, nInit: 2, maxIter: 10 })).toEqual(a);
    expect(a.pruned).toBeGreaterThan(0.3);
  });

  it('finds the three shapes', () => {
    const r = dtwKmeans(points, 3, { features: 2, band: 1, seed: 1, nInit: 2, maxIter: 20 });
    for (let i = 3; i < points.length; i++) expect(r.labels[i]).toBe(r.labels[i % 3]);
  });

  it('rejects inputs it cannot cluster', () => {
    expect(() => dtwKmeans([[1, 2, 3]], 1, { features: 2, band: 1 })).toThrow(AnalyticsError);
    expect(() =>
      dtwKmeans(
        [
          [1, 2],
          [1, 2],
        ],
        2,
        { features: 1, band: 1 },
      ),
    ).toThrow(/distinct/);
    expect(() => dtwKmeans([[1, 2]], 1, { features: 1, band: -1 })).toThrow(/band/);
  });
});
