import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnalyticsError } from './errors.ts';
import { iris } from './fixtures/iris.ts';
import { kmeans } from './kmeans.ts';

describe('kmeans', () => {
  it('reaches the known optimum on Iris (k = 3, four features)', () => {
    // Best-known within-cluster sum of squares: 78.85144 (R `kmeans(iris[, 1:4], 3, nstart = 25)`
    // tot.withinss; scikit-learn `KMeans(n_clusters=3, n_init=10).fit(iris.data).inertia_` 78.851...).
    const r = kmeans(
      iris.map((row) => [...row]),
      3,
      { seed: 1 },
    );
    expect(Math.abs(r.inertia - 78.85144)).toBeLessThan(5e-6);
    const sizes = [0, 0, 0];
    for (const l of r.labels) sizes[l]!++;
    expect([...sizes].sort((a, b) => a - b)).toEqual([38, 50, 62]);
    // Inertia is consistent with the returned labels and centres.
    let check = 0;
    iris.forEach((p, i) => p.forEach((v, j) => (check += (v - r.centers[r.labels[i]!]![j]!) ** 2)));
    expect(check).toBeCloseTo(r.inertia, 9);
  });

  it('is deterministic for a seed', () => {
    const pts = iris.map((row) => [...row]);
    const a = kmeans(pts, 4, { seed: 7, nInit: 3 });
    const b = kmeans(pts, 4, { seed: 7, nInit: 3 });
    expect(b).toEqual(a);
  });

  it('inertia never increases across Lloyd iterations', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ min: -50, max: 50, noNaN: true }), fc.double({ min: -50, max: 50, noNaN: true })),
          {
            minLength: 8,
            maxLength: 60,
          },
        ),
        fc.integer({ min: 1, max: 5 }),
        fc.nat(),
        (raw, k, seed) => {
          const pts = raw.map(([a, b]) => [a, b]);
          if (new Set(pts.map((p) => p.join(','))).size < k) return;
          const r = kmeans(pts, k, { seed, nInit: 1, tol: 0 });
          for (let i = 1; i < r.inertiaTrace.length; i++) {
            expect(r.inertiaTrace[i]!).toBeLessThanOrEqual(r.inertiaTrace[i - 1]! * (1 + 1e-12) + 1e-12);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('throws a typed error when k exceeds the number of distinct points', () => {
    try {
      kmeans(
        [
          [1, 1],
          [1, 1],
          [2, 2],
        ],
        3,
      );
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AnalyticsError);
      expect((e as AnalyticsError).code).toBe('invalid_input');
      expect((e as Error).message).toBe('Cannot form 3 clusters from 2 distinct points.');
    }
    expect(() => kmeans([[1, Number.NaN]], 1)).toThrow(AnalyticsError);
  });
});
