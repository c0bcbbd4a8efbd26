/**
 * What `metric=dtw` would cost the Clusters screen (issue 6): k-means whose assignment step uses the
 * analytics library's `dtwDistance`, at the screen's defaults (training window 400, length 10, pcvol
 * = 391 windows x 2 features, 8 clusters, 10 iterations) and the app's restarts (KMEANS_RESTARTS).
 * Runnable standalone: npx tsx scripts/bench/dtw-kmeans.ts
 *
 * The multivariate DTW is the sum of one DTW per feature (returns, volatility), each over the
 * window's 10 days with no band. Centres are plain per-day means, so this is a LOWER bound on a real
 * DTW k-means: tslearn's TimeSeriesKMeans(metric="dtw") also recomputes every centre as a DTW
 * barycentre (DBA), itself many DTW passes per iteration.
 */
import { dtwDistance, kmeans } from '@tapewatch/functions/analytics/index';
import { KMEANS_RESTARTS, KMEANS_SEED } from '@tapewatch/functions/domain/clusters/compute-clusters';
import { buildWindows } from '@tapewatch/functions/domain/clusters/features';
import { mulberry32 } from '@tapewatch/functions/analytics/random';

export const DTW_DEFAULTS = { trainingWindow: 400, length: 10, k: 8, iterations: 10, restarts: KMEANS_RESTARTS } as const;

/** 391 pcvol windows (the default request) from a seeded random walk of daily closes. */
export function defaultWindows(seed = 7): number[][] {
  const rand = mulberry32(seed);
  const closes = [100];
  // 410 closes: the training window plus the 10 sessions the rolling volatility needs first.
  for (let i = 1; i < DTW_DEFAULTS.trainingWindow + 10; i++) closes.push(closes[i - 1]! * (1 + 0.012 * (rand() + rand() + rand() - 1.5)));
  const n = closes.length;
  const ends: number[] = [];
  for (let e = n - DTW_DEFAULTS.trainingWindow + DTW_DEFAULTS.length - 1; e < n; e++) ends.push(e);
  return buildWindows(closes, 'pcvol', DTW_DEFAULTS.length, ends);
}

const split = (w: number[], len: number): [number[], number[]] => [w.slice(0, len), w.slice(len)];

/** Sum of the per-feature DTW distances between two pcvol windows. */
function dtw2(a: [number[], number[]], b: [number[], number[]]): number {
  return dtwDistance(a[0], b[0]) + dtwDistance(a[1], b[1]);
}

/** DTW k-means: k-means++ seeding and Lloyd assignment under DTW, mean centres; best of `restarts`. */
export function dtwKmeans(windows: number[][], k: number, iterations: number, restarts: number, seed = KMEANS_SEED): { labels: number[]; inertia: number } {
  const len = windows[0]!.length / 2;
  const pts = windows.map((w) => split(w, len));
  const rand = mulberry32(seed);
  let best = { labels: [] as number[], inertia: Infinity };
  for (let r = 0; r < restarts; r++) {
    const centres: Array<[number[], number[]]> = [pts[Math.floor(rand() * pts.length)]!];
    const closest = pts.map((p) => dtw2(p, centres[0]!) ** 2);
    while (centres.length < k) {
      let target = rand() * closest.reduce((s, d) => s + d, 0);
      let idx = closest.findIndex((d) => (target -= d) < 0);
      if (idx < 0) idx = pts.length - 1;
      centres.push(pts[idx]!);
      pts.forEach((p, i) => (closest[i] = Math.min(closest[i]!, dtw2(p, pts[idx]!) ** 2)));
    }
    const labels = new Array<number>(pts.length).fill(0);
    let inertia = Infinity;
    for (let it = 0; it < iterations; it++) {
      inertia = 0;
      pts.forEach((p, i) => {
        let bd = Infinity;
        centres.forEach((c, j) => {
          const d = dtw2(p, c);
          if (d < bd) [bd, labels[i]] = [d, j];
        });
        inertia += bd * bd;
      });
      for (let j = 0; j < k; j++) {
        const members = pts.filter((_, i) => labels[i] === j);
        if (members.length === 0) continue;
        const mean = (f: 0 | 1) => Array.from({ length: len }, (_, t) => members.reduce((s, m) => s + m[f][t]!, 0) / members.length);
        centres[j] = [mean(0), mean(1)];
      }
    }
    if (inertia < best.inertia) best = { labels: [...labels], inertia };
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
  runs: number;
  budgetMs: number;
}

/** Times the DTW k-means against the euclidean k-means the app runs, on the same windows. */
export function benchDtwKmeans(runs = 15): DtwBenchResult[] {
  const w = defaultWindows();
  const { k, iterations, restarts } = DTW_DEFAULTS;
  const time = (name: string, fn: () => unknown): DtwBenchResult => {
    let t = performance.now();
    fn();
    const firstMs = performance.now() - t;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      t = performance.now();
      fn();
      times.push(performance.now() - t);
    }
    // The whole first request may take 60 ms (issue 6); the clustering is only part of it.
    return { name, medianMs: +median(times).toFixed(2), minMs: +Math.min(...times).toFixed(2), firstMs: +firstMs.toFixed(2), runs, budgetMs: 60 };
  };
  return [
    time(`kmeans euclidean ${w.length}x${w[0]!.length}, k=${k}, ${iterations} it, ${restarts} restarts`, () => kmeans(w, k, { seed: KMEANS_SEED, maxIter: iterations, nInit: restarts })),
    time(`kmeans DTW (per-feature dtwDistance, mean centres) same shape`, () => dtwKmeans(w, k, iterations, restarts)),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchDtwKmeans());
