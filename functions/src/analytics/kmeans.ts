/**
 * k-means clustering following scikit-learn's `KMeans` defaults:
 * greedy k-means++ seeding (2 + floor(ln k) candidate centres per step),
 * Lloyd iterations, best inertia of `nInit` restarts, and a tolerance that is
 * relative to the data: iteration stops when the total squared centre shift
 * is <= tol * mean(per-feature variance), or when labels stop changing.
 * Determinism comes from a seeded mulberry32 stream shared by all restarts.
 */
import { AnalyticsError, assertFiniteMatrix, assertPositiveInteger } from './errors.ts';
import { mulberry32 } from './random.ts';

export interface KmeansOptions {
  seed?: number;
  nInit?: number;
  maxIter?: number;
  tol?: number;
}

export interface KmeansResult {
  labels: number[];
  centers: number[][];
  inertia: number;
  iterations: number;
  /** Inertia after each assignment step of the winning run (non-increasing). */
  inertiaTrace: number[];
}

interface Flat {
  data: Float64Array;
  n: number;
  dim: number;
}

function sqDist(a: Float64Array, ai: number, b: Float64Array, bi: number, dim: number): number {
  let s = 0;
  for (let j = 0; j < dim; j++) {
    const d = a[ai + j]! - b[bi + j]!;
    s += d * d;
  }
  return s;
}

/** Assigns each point to its nearest centre; returns the inertia. */
export function assignLabels(
  x: Flat,
  centers: Float64Array,
  k: number,
  labels: Int32Array,
  dist: Float64Array,
): number {
  const { data, n, dim } = x;
  let inertia = 0;
  for (let i = 0; i < n; i++) {
    let best = Infinity;
    let bl = 0;
    const oi = i * dim;
    for (let c = 0; c < k; c++) {
      // Partial distance search: stop summing once this centre cannot win.
      const oc = c * dim;
      let d = 0;
      for (let j = 0; j < dim && d < best; j++) {
        const diff = data[oi + j]! - centers[oc + j]!;
        d += diff * diff;
      }
      if (d < best) {
        best = d;
        bl = c;
      }
    }
    labels[i] = bl;
    dist[i] = best;
    inertia += best;
  }
  return inertia;
}

/** The point farthest from its centre not yet taken (it re-seeds an empty cluster); marks it taken. */
export function takeFarthest(dist: Float64Array, n: number, taken: Set<number>): number {
  let far = -1;
  let farD = -1;
  for (let i = 0; i < n; i++) {
    if (!taken.has(i) && dist[i]! > farD) {
      farD = dist[i]!;
      far = i;
    }
  }
  taken.add(far);
  return far;
}

/** Recomputes centres as cluster means; an empty cluster takes the point farthest from its centre. */
export function updateCenters(x: Flat, labels: Int32Array, dist: Float64Array, k: number): Float64Array {
  const { data, n, dim } = x;
  const centers = new Float64Array(k * dim);
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const c = labels[i]!;
    counts[c] = counts[c]! + 1;
    const oc = c * dim;
    const oi = i * dim;
    for (let j = 0; j < dim; j++) centers[oc + j] = centers[oc + j]! + data[oi + j]!;
  }
  const taken = new Set<number>();
  for (let c = 0; c < k; c++) {
    const oc = c * dim;
    if (counts[c]! > 0) {
      for (let j = 0; j < dim; j++) centers[oc + j] = centers[oc + j]! / counts[c]!;
      continue;
    }
    const far = takeFarthest(dist, n, taken);
    for (let j = 0; j < dim; j++) centers[oc + j] = data[far * dim + j]!;
  }
  return centers;
}

function kmeansPlusPlus(x: Flat, k: number, rand: () => number): Float64Array {
  const { data, n, dim } = x;
  const centers = new Float64Array(k * dim);
  const trials = 2 + Math.floor(Math.log(k));
  const first = Math.min(n - 1, Math.floor(rand() * n));
  centers.set(data.subarray(first * dim, first * dim + dim), 0);
  const closest = new Float64Array(n);
  let pot = 0;
  for (let i = 0; i < n; i++) {
    closest[i] = sqDist(data, i * dim, centers, 0, dim);
    pot += closest[i]!;
  }
  const cand = new Float64Array(n);
  for (let c = 1; c < k; c++) {
    let bestPot = Infinity;
    let bestIdx = 0;
    let bestDist: Float64Array | null = null;
    for (let t = 0; t < trials; t++) {
      // Sample proportionally to the squared distance to the nearest centre.
      let target = rand() * pot;
      let idx = n - 1;
      for (let i = 0; i < n; i++) {
        target -= closest[i]!;
        if (target < 0) {
          idx = i;
          break;
        }
      }
      let p = 0;
      for (let i = 0; i < n; i++) {
        const d = Math.min(closest[i]!, sqDist(data, i * dim, data, idx * dim, dim));
        cand[i] = d;
        p += d;
      }
      if (p < bestPot) {
        bestPot = p;
        bestIdx = idx;
        bestDist = Float64Array.from(cand);
      }
    }
    centers.set(data.subarray(bestIdx * dim, bestIdx * dim + dim), c * dim);
    closest.set(bestDist!);
    pot = bestPot;
  }
  return centers;
}

function lloyd(
  x: Flat,
  init: Float64Array,
  k: number,
  maxIter: number,
  tolAbs: number,
): { labels: Int32Array; centers: Float64Array; inertia: number; iterations: number; trace: number[] } {
  const labels = new Int32Array(x.n).fill(-1);
  const prev = new Int32Array(x.n);
  const dist = new Float64Array(x.n);
  let centers = init;
  const trace: number[] = [];
  let iterations = 0;
  let stale = false;
  for (let it = 0; it < maxIter; it++) {
    stale = false;
    prev.set(labels);
    trace.push(assignLabels(x, centers, k, labels, dist));
    iterations = it + 1;
    let changed = false;
    for (let i = 0; i < x.n; i++) if (labels[i] !== prev[i]) changed = true;
    if (!changed) break;
    const next = updateCenters(x, labels, dist, k);
    let shift = 0;
    for (let j = 0; j < next.length; j++) shift += (next[j]! - centers[j]!) ** 2;
    centers = next;
    stale = true;
    if (shift <= tolAbs) break;
  }
  // Labels and inertia must describe the returned centres.
  if (stale) trace.push(assignLabels(x, centers, k, labels, dist));
  const inertia = trace[trace.length - 1]!;
  return { labels, centers, inertia, iterations, trace };
}

export function kmeans(points: number[][], k: number, opts: KmeansOptions = {}): KmeansResult {
  const dim = assertFiniteMatrix(points, 'point matrix');
  assertPositiveInteger(k, 'number of clusters k');
  const nInit = opts.nInit ?? 10;
  const maxIter = opts.maxIter ?? 300;
  const tol = opts.tol ?? 1e-4;
  assertPositiveInteger(nInit, 'number of restarts nInit');
  assertPositiveInteger(maxIter, 'iteration limit maxIter');
  if (!(tol >= 0)) throw new AnalyticsError('invalid_input', 'tol must be a non-negative number.');
  const distinct = new Set(points.map((p) => p.join(','))).size;
  if (k > distinct) {
    throw new AnalyticsError('invalid_input', `Cannot form ${k} clusters from ${distinct} distinct points.`);
  }
  const n = points.length;
  const data = new Float64Array(n * dim);
  points.forEach((p, i) => data.set(p, i * dim));
  const x: Flat = { data, n, dim };

  // sklearn: tol is relative to the mean feature variance.
  let meanVar = 0;
  for (let j = 0; j < dim; j++) {
    let m = 0;
    for (let i = 0; i < n; i++) m += data[i * dim + j]!;
    m /= n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (data[i * dim + j]! - m) ** 2;
    meanVar += v / n;
  }
  const tolAbs = (meanVar / Math.max(1, dim)) * tol;

  const rand = mulberry32(opts.seed ?? 0);
  let best: ReturnType<typeof lloyd> | null = null;
  for (let r = 0; r < nInit; r++) {
    const run = lloyd(x, kmeansPlusPlus(x, k, rand), k, maxIter, tolAbs);
    if (!best || run.inertia < best.inertia) best = run;
  }
  const b = best!;
  const centers: number[][] = [];
  for (let c = 0; c < k; c++) centers.push(Array.from(b.centers.subarray(c * dim, c * dim + dim)));
  return { labels: Array.from(b.labels), centers, inertia: b.inertia, iterations: b.iterations, inertiaTrace: b.trace };
}
