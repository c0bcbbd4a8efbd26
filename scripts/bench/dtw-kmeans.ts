/**
 * What the Clusters screen's metrics cost (issues 6 and 23): k-means at the screen's defaults
 * (training window 400, length 10, pcvol = 391 windows x 2 features, 8 clusters, 10 iterations) and
 * the app's restarts (KMEANS_RESTARTS), on one seeded random walk.
 * Runnable standalone: npx tsx scripts/bench/dtw-kmeans.ts; with `--fingerprint` it prints a hash of
 * the clusters at a few seeds, k and bands instead (an optimisation must leave it unchanged); for a
 * profile, node --import tsx --cpu-prof scripts/bench/dtw-kmeans.ts.
 *
 * - euclidean: the analytics library's kmeans.
 * - DTW: the product's dtwKmeans (band, LB_Kim/LB_Keogh, early abandoning, DBA centres).
 * - SoftDTW (gamma 1, the same band): a LOWER bound of a SoftDTW k-means. Lloyd assignment under the
 *   soft minimum (no lower bound prunes it: it is not a minimum over paths) with plain mean centres;
 *   tslearn's TimeSeriesKMeans(metric="softdtw") also fits every centre by gradient descent on the
 *   SoftDTW barycentre loss, many more SoftDTW passes per iteration.
 */
import { createHash } from 'node:crypto';
import { dtwBand } from '@tapewatch/shared/params/clusters';
import { kmeans } from '@tapewatch/functions/analytics/index';
import { dtwKmeans } from '@tapewatch/functions/analytics/dtw-kmeans';
import { KMEANS_RESTARTS, KMEANS_SEED } from '@tapewatch/functions/domain/clusters/compute-clusters';
import { buildWindows } from '@tapewatch/functions/domain/clusters/features';
import { mulberry32 } from '@tapewatch/functions/analytics/random';

export const DTW_DEFAULTS = {
  trainingWindow: 400,
  length: 10,
  k: 8,
  iterations: 10,
  restarts: KMEANS_RESTARTS,
} as const;
/** Issue 23: DTW k-means p50 uncached at the defaults. */
export const DTW_BUDGET_MS = 60;

/** 391 pcvol windows (the default request) from a seeded random walk of daily closes. */
export function defaultWindows(seed = 7): number[][] {
  const rand = mulberry32(seed);
  const closes = [100];
  // 410 closes: the training window plus the 10 sessions the rolling volatility needs first.
  for (let i = 1; i < DTW_DEFAULTS.trainingWindow + 10; i++)
    closes.push(closes[i - 1]! * (1 + 0.012 * (rand() + rand() + rand() - 1.5)));
  const n = closes.length;
  const ends: number[] = [];
  for (let e = n - DTW_DEFAULTS.trainingWindow + DTW_DEFAULTS.length - 1; e < n; e++) ends.push(e);
  return buildWindows(closes, 'pcvol', DTW_DEFAULTS.length, ends);
}

/** Banded SoftDTW (Cuturi and Blondel 2017), squared cost, into preallocated rows. */
function softDtw(
  a: Float64Array,
  ao: number,
  b: Float64Array,
  bo: number,
  len: number,
  band: number,
  gamma: number,
  prev: Float64Array,
  cur: Float64Array,
): number {
  prev.fill(Infinity);
  prev[0] = 0;
  for (let i = 1; i <= len; i++) {
    cur.fill(Infinity);
    for (let j = Math.max(1, i - band); j <= Math.min(len, i + band); j++) {
      const d = a[ao + i - 1]! - b[bo + j - 1]!;
      const r0 = -prev[j - 1]! / gamma;
      const r1 = -prev[j]! / gamma;
      const r2 = -cur[j - 1]! / gamma;
      const m = Math.max(r0, r1, r2);
      cur[j] = d * d - gamma * (m + Math.log(Math.exp(r0 - m) + Math.exp(r1 - m) + Math.exp(r2 - m)));
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[len]!;
}

/** SoftDTW k-means lower bound: random initial centres, soft assignment cost, mean centres, best of restarts. */
export function softDtwKmeansLowerBound(
  points: number[][],
  k: number,
  iterations: number,
  restarts: number,
  band: number,
): number {
  const n = points.length;
  const dim = points[0]!.length;
  const len = dim / 2;
  const data = new Float64Array(n * dim);
  points.forEach((p, i) => data.set(p, i * dim));
  const prev = new Float64Array(len + 1);
  const cur = new Float64Array(len + 1);
  const rand = mulberry32(KMEANS_SEED);
  let best = Infinity;
  for (let r = 0; r < restarts; r++) {
    const centres = new Float64Array(k * dim);
    for (let c = 0; c < k; c++) {
      const from = Math.floor(rand() * n) * dim;
      centres.set(data.subarray(from, from + dim), c * dim);
    }
    const labels = new Int32Array(n);
    let inertia = 0;
    for (let it = 0; it < iterations; it++) {
      inertia = 0;
      for (let i = 0; i < n; i++) {
        let bd = Infinity;
        for (let c = 0; c < k; c++) {
          const d =
            softDtw(data, i * dim, centres, c * dim, len, band, 1, prev, cur) +
            softDtw(data, i * dim + len, centres, c * dim + len, len, band, 1, prev, cur);
          if (d < bd) [bd, labels[i]] = [d, c];
        }
        inertia += bd;
      }
      const counts = new Float64Array(k);
      centres.fill(0);
      for (let i = 0; i < n; i++) {
        counts[labels[i]!]!++;
        for (let t = 0; t < dim; t++) centres[labels[i]! * dim + t]! += data[i * dim + t]!;
      }
      for (let c = 0; c < k; c++) for (let t = 0; t < dim; t++) centres[c * dim + t]! /= Math.max(1, counts[c]!);
    }
    best = Math.min(best, inertia);
  }
  return best;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export interface DtwBenchResult {
  name: string;
  medianMs: number;
  /** The fastest run: the least disturbed by other processes on a shared machine. */
  minMs: number;
  /** The first call, before the JIT has optimised the loops (what a cold container pays). */
  firstMs: number;
  /** Median CPU time of this process per run: less disturbed than wall time when other processes share the cores. */
  cpuMedianMs: number;
  runs: number;
  budgetMs: number | '';
}

/** Times the three metrics' k-means on the same windows. */
export function benchDtwKmeans(runs = 21): DtwBenchResult[] {
  const w = defaultWindows();
  const { k, iterations, restarts, length } = DTW_DEFAULTS;
  const band = dtwBand(length);
  const time = (name: string, fn: () => unknown, budgetMs: number | '', n = runs): DtwBenchResult => {
    let t = performance.now();
    fn();
    const firstMs = performance.now() - t;
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = process.cpuUsage();
      t = performance.now();
      fn();
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    return {
      name,
      medianMs: +median(times).toFixed(2),
      minMs: +Math.min(...times).toFixed(2),
      firstMs: +firstMs.toFixed(2),
      cpuMedianMs: +median(cpu).toFixed(2),
      runs: n,
      budgetMs,
    };
  };
  return [
    time(
      `kmeans euclidean ${w.length}x${w[0]!.length}, k=${k}, ${iterations} it, ${restarts} restarts`,
      () => kmeans(w, k, { seed: KMEANS_SEED, maxIter: iterations, nInit: restarts }),
      '',
    ),
    time(
      `kmeans DTW (band ${band}, ${band > 1 ? 'LB_Keogh' : 'LB_Kim'}, early abandoning, DBA centres) same shape`,
      () => dtwKmeans(w, k, { features: 2, band, seed: KMEANS_SEED, maxIter: iterations, nInit: restarts }),
      DTW_BUDGET_MS,
    ),
    time(
      `kmeans SoftDTW lower bound (gamma 1, band ${band}, mean centres) same shape`,
      () => softDtwKmeansLowerBound(w, k, iterations, restarts, band),
      DTW_BUDGET_MS,
      5,
    ),
  ];
}

/** Labels, centres and inertia at a few seeds, k and bands, hashed: equal before and after a change that must not alter results. */
export function dtwFingerprint(): string {
  const h = createHash('sha256');
  for (const seed of [7, 8, 9]) {
    const w = defaultWindows(seed);
    for (const [k, band] of [
      [8, 1],
      [3, 1],
      [5, 2],
      [10, 0],
    ] as const) {
      const r = dtwKmeans(w, k, { features: 2, band, seed: KMEANS_SEED, maxIter: DTW_DEFAULTS.iterations, nInit: 4 });
      h.update(JSON.stringify([r.labels, r.centers, r.inertia, r.iterations]));
    }
  }
  return h.digest('hex').slice(0, 16);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--fingerprint')) console.log(dtwFingerprint());
  else console.table(benchDtwKmeans());
}
