/**
 * k-means under dynamic time warping, for multi-feature pattern windows: a point is `features`
 * series of `length` values laid end to end; the distance is the sum of the per-feature banded
 * squared-cost DTW (dtw-banded.ts), and the inertia the sum of those distances.
 *
 * Greedy k-means++ seeding and Lloyd iterations as in kmeans.ts (same seeded stream, best of
 * `nInit` restarts); centres are refined by one DTW Barycenter Averaging pass per iteration
 * (Petitjean, Ketterlin and Gancarski 2011), starting from the previous centre, as tslearn's
 * TimeSeriesKMeans(metric="dtw") does with more DBA passes. The assignment computes LB_Kim and (for
 * bands wider than 1) LB_Keogh first and runs DTW only when the bound can beat the best centre so
 * far, abandoning it early; the answer is the exact nearest centre (ties to the lowest index), as a
 * brute-force assignment gives. The first assignment is the one seeding already computed.
 */
import { dtwPathInto, dtwSq, dtwWorkspace, envelopeInto, lbKeogh, type DtwWorkspace } from './dtw-banded.ts';
import { AnalyticsError, assertFiniteMatrix, assertPositiveInteger } from './errors.ts';
import { takeFarthest } from './kmeans.ts';
import { mulberry32 } from './random.ts';

export interface DtwKmeansOptions {
  /** Number of series per point (each `dim / features` long). */
  features: number;
  /** Sakoe-Chiba band half-width in steps. */
  band: number;
  seed?: number;
  nInit?: number;
  maxIter?: number;
}

export interface DtwKmeansResult {
  labels: number[];
  centers: number[][];
  inertia: number;
  iterations: number;
  /** Full DTW computations that LB_Keogh or early abandoning saved, over all restarts (share of candidate pairs). */
  pruned: number;
}

// Rounding slack so a bound never prunes a centre whose exact distance ties or beats the best.
const SLACK = 1 + 1e-9;

interface Ctx {
  data: Float64Array;
  n: number;
  dim: number;
  len: number;
  f: number;
  band: number;
  ws: DtwWorkspace;
  lbs: Float64Array;
  stats: { pairs: number; full: number };
}

/**
 * The exact distance given each feature's LB_Keogh in lbs[lo, lo + f), or Infinity once it certainly
 * exceeds `best`: each feature's DTW is abandoned when it passes what the best leaves after the
 * features already summed and the others' bounds.
 */
function exact(
  x: Ctx,
  pts: Float64Array,
  po: number,
  centres: Float64Array,
  co: number,
  lbs: Float64Array,
  lo: number,
  best: number,
): number {
  const { len, f, band, ws } = x;
  x.stats.full++;
  const limit = best * SLACK;
  let rest = 0;
  for (let g = 0; g < f; g++) rest += lbs[lo + g]!;
  let acc = 0;
  for (let g = 0; g < f; g++) {
    rest -= lbs[lo + g]!;
    acc += dtwSq(pts, po + g * len, centres, co + g * len, len, band, (limit - acc - rest) * SLACK, ws);
    if (acc > limit) return Infinity;
  }
  return acc;
}

/**
 * Distance from the point at `po` of `pts` to the centre at `co` of `centres` (its envelope at `eo`
 * of upper/lower), or Infinity once it certainly exceeds `best`. The UCR-suite cascade: LB_Kim
 * (every path starts at the first pair and ends at the last), then LB_Keogh, then the DTW itself,
 * each stopped as soon as it passes `best`.
 */
function distance(
  x: Ctx,
  pts: Float64Array,
  po: number,
  centres: Float64Array,
  co: number,
  upper: Float64Array,
  lower: Float64Array,
  eo: number,
  best: number,
): number {
  const { len, f, lbs } = x;
  x.stats.pairs++;
  const limit = best * SLACK;
  let kim = 0;
  for (let g = 0; g < f; g++) {
    const s = po + g * len;
    const c = co + g * len;
    const d0 = pts[s]! - centres[c]!;
    const d1 = len > 1 ? pts[s + len - 1]! - centres[c + len - 1]! : 0;
    kim += d0 * d0 + d1 * d1;
  }
  if (kim > limit) return Infinity;
  // With a band of 1, a row of the DTW (three cells in registers) costs about what a term of
  // LB_Keogh does, and the DTW abandons at the same row, so the bound saved less than it cost
  // (scripts/bench/dtw-kmeans.ts: 52.9 ms with it, 42.8 ms without, same results).
  if (x.band === 1) {
    lbs.fill(0);
    return exact(x, pts, po, centres, co, lbs, 0, best);
  }
  let lb = 0;
  for (let g = 0; g < f; g++) {
    lbs[g] = lbKeogh(pts, po + g * len, upper, lower, eo + g * len, len, limit - lb);
    lb += lbs[g]!;
    if (lb > limit) return Infinity;
  }
  return exact(x, pts, po, centres, co, lbs, 0, best);
}

/** Assigns every point to its nearest centre (the previous label's first, for a tight bound early; ties to the lower index). */
function assign(
  x: Ctx,
  centres: Float64Array,
  upper: Float64Array,
  lower: Float64Array,
  k: number,
  labels: Int32Array,
  dist: Float64Array,
): number {
  const { data, n, dim, len, f } = x;
  for (let c = 0; c < k; c++)
    for (let g = 0; g < f; g++) envelopeInto(centres, c * dim + g * len, len, x.band, upper, lower, c * dim + g * len);
  let inertia = 0;
  for (let i = 0; i < n; i++) {
    const po = i * dim;
    let bl = labels[i]! >= 0 ? labels[i]! : 0;
    let best = distance(x, data, po, centres, bl * dim, upper, lower, bl * dim, Infinity);
    for (let c = 0; c < k; c++) {
      if (c === bl) continue;
      const d = distance(x, data, po, centres, c * dim, upper, lower, c * dim, best);
      if (d < best || (d === best && c < bl)) {
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

/** One DBA pass per cluster from its current centre; an empty cluster takes the farthest point. */
function updateCentres(x: Ctx, centres: Float64Array, labels: Int32Array, dist: Float64Array, k: number): Float64Array {
  const { data, n, dim, len, f, band, ws } = x;
  const next = new Float64Array(k * dim);
  const sums = new Float64Array(len);
  const counts = new Float64Array(len);
  const taken = new Set<number>();
  for (let c = 0; c < k; c++) {
    let members = 0;
    for (let g = 0; g < f; g++) {
      sums.fill(0);
      counts.fill(0);
      members = 0;
      for (let i = 0; i < n; i++) {
        if (labels[i] !== c) continue;
        members++;
        dtwPathInto(centres, c * dim + g * len, data, i * dim + g * len, len, band, ws, sums, counts);
      }
      for (let t = 0; t < len; t++) next[c * dim + g * len + t] = counts[t]! > 0 ? sums[t]! / counts[t]! : 0;
    }
    if (members > 0) continue;
    const far = takeFarthest(dist, n, taken);
    next.set(data.subarray(far * dim, far * dim + dim), c * dim);
  }
  return next;
}

interface Seeded {
  centres: Float64Array;
  /** The first assignment, which seeding has already computed: each point's nearest seed (ties to the lower index) and its distance. */
  labels: Int32Array;
  dist: Float64Array;
}

/** Greedy k-means++ under the same distance (2 + floor(ln k) candidates per step, as kmeans.ts). */
function seed(x: Ctx, k: number, rand: () => number): Seeded {
  const { data, n, dim, len, f, band } = x;
  const centres = new Float64Array(k * dim);
  const upper = new Float64Array(dim);
  const lower = new Float64Array(dim);
  const envelope = (idx: number) => {
    for (let g = 0; g < f; g++) envelopeInto(data, idx * dim + g * len, len, band, upper, lower, g * len);
  };
  const first = Math.min(n - 1, Math.floor(rand() * n));
  centres.set(data.subarray(first * dim, first * dim + dim), 0);
  envelope(first);
  const closest = new Float64Array(n);
  let pot = 0;
  for (let i = 0; i < n; i++) {
    closest[i] = distance(x, data, i * dim, data, first * dim, upper, lower, 0, Infinity);
    pot += closest[i]!;
  }
  const labels = new Int32Array(n);
  const cand = new Float64Array(n);
  const candLabels = new Int32Array(n);
  const bestDist = new Float64Array(n);
  const bestLabels = new Int32Array(n);
  const trials = 2 + Math.floor(Math.log(k));
  for (let c = 1; c < k; c++) {
    let bestPot = Infinity;
    let bestIdx = 0;
    for (let t = 0; t < trials; t++) {
      let target = rand() * pot;
      let idx = n - 1;
      for (let i = 0; i < n; i++) {
        target -= closest[i]!;
        if (target < 0) {
          idx = i;
          break;
        }
      }
      envelope(idx);
      let p = 0;
      for (let i = 0; i < n; i++) {
        const d = distance(x, data, i * dim, data, idx * dim, upper, lower, 0, closest[i]!);
        const nearer = d < closest[i]!;
        cand[i] = nearer ? d : closest[i]!;
        candLabels[i] = nearer ? c : labels[i]!;
        p += cand[i]!;
      }
      if (p < bestPot) {
        bestPot = p;
        bestIdx = idx;
        bestDist.set(cand);
        bestLabels.set(candLabels);
      }
    }
    centres.set(data.subarray(bestIdx * dim, bestIdx * dim + dim), c * dim);
    closest.set(bestDist);
    labels.set(bestLabels);
    pot = bestPot;
  }
  return { centres, labels, dist: closest };
}

function lloyd(x: Ctx, init: Seeded, k: number, maxIter: number) {
  const labels = new Int32Array(x.n).fill(-1);
  const prev = new Int32Array(x.n);
  const dist = new Float64Array(x.n);
  const upper = new Float64Array(k * x.dim);
  const lower = new Float64Array(k * x.dim);
  let centres = init.centres;
  let inertia = Infinity;
  let iterations = 0;
  let stale = false;
  for (let it = 0; it < maxIter; it++) {
    stale = false;
    prev.set(labels);
    if (it === 0) {
      // The same labels and distances an assignment to the seeds gives, in the same order.
      labels.set(init.labels);
      dist.set(init.dist);
      inertia = 0;
      for (let i = 0; i < x.n; i++) inertia += dist[i]!;
    } else inertia = assign(x, centres, upper, lower, k, labels, dist);
    iterations = it + 1;
    let changed = false;
    for (let i = 0; i < x.n; i++) if (labels[i] !== prev[i]) changed = true;
    if (!changed) break;
    centres = updateCentres(x, centres, labels, dist, k);
    stale = true;
  }
  // Labels and inertia must describe the returned centres.
  if (stale) inertia = assign(x, centres, upper, lower, k, labels, dist);
  return { labels, centres, inertia, iterations };
}

export function dtwKmeans(points: number[][], k: number, opts: DtwKmeansOptions): DtwKmeansResult {
  const dim = assertFiniteMatrix(points, 'point matrix');
  assertPositiveInteger(k, 'number of clusters k');
  assertPositiveInteger(opts.features, 'number of features');
  const nInit = opts.nInit ?? 10;
  const maxIter = opts.maxIter ?? 300;
  assertPositiveInteger(nInit, 'number of restarts nInit');
  assertPositiveInteger(maxIter, 'iteration limit maxIter');
  if (dim % opts.features !== 0)
    throw new AnalyticsError('invalid_input', `A point of ${dim} values cannot hold ${opts.features} equal series.`);
  if (!Number.isInteger(opts.band) || opts.band < 0)
    throw new AnalyticsError('invalid_input', 'The DTW band must be a non-negative integer.');
  const distinct = new Set(points.map((p) => p.join(','))).size;
  if (k > distinct)
    throw new AnalyticsError('invalid_input', `Cannot form ${k} clusters from ${distinct} distinct points.`);
  const n = points.length;
  const len = dim / opts.features;
  const data = new Float64Array(n * dim);
  points.forEach((p, i) => data.set(p, i * dim));
  const x: Ctx = {
    data,
    n,
    dim,
    len,
    f: opts.features,
    band: opts.band,
    ws: dtwWorkspace(len),
    lbs: new Float64Array(opts.features),
    stats: { pairs: 0, full: 0 },
  };
  const rand = mulberry32(opts.seed ?? 0);
  let best: ReturnType<typeof lloyd> | null = null;
  for (let r = 0; r < nInit; r++) {
    const run = lloyd(x, seed(x, k, rand), k, maxIter);
    if (!best || run.inertia < best.inertia) best = run;
  }
  const b = best!;
  const centers: number[][] = [];
  for (let c = 0; c < k; c++) centers.push(Array.from(b.centres.subarray(c * dim, c * dim + dim)));
  const pruned = x.stats.pairs === 0 ? 0 : 1 - x.stats.full / x.stats.pairs;
  return {
    labels: Array.from(b.labels),
    centers,
    inertia: b.inertia,
    iterations: b.iterations,
    pruned: +pruned.toFixed(3),
  };
}
