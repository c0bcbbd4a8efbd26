/**
 * Micro-benchmarks for the analytics library (medians over repeated runs).
 * Importable by the main bench (`benchAnalytics`) and runnable standalone:
 *   npx tsx scripts/bench/analytics.ts
 * All inputs are synthetic and seeded so runs are comparable across machines.
 */
import { fitArima, kmeans, ols } from '@tapewatch/functions/analytics/index';

export interface AnalyticsBenchResult {
  name: string;
  medianMs: number;
  runs: number;
  budgetMs: number;
}

/** mulberry32 uniform stream plus Box-Muller normals. */
function rng(seed: number): { uniform: () => number; normal: () => number } {
  let a = seed >>> 0;
  const uniform = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

/** ARIMA(1,1,1) with drift: differences follow 0.05 + AR(0.5) + MA(0.3). */
function arimaSeries(n: number): number[] {
  const { normal } = rng(11);
  const y: number[] = [];
  let level = 100;
  let prevDev = 0;
  let prevEps = 0;
  for (let i = 0; i < n; i++) {
    const eps = normal();
    const dev = 0.5 * prevDev + eps + 0.3 * prevEps;
    prevDev = dev;
    prevEps = eps;
    level += 0.05 + dev;
    y.push(level);
  }
  return y;
}

/** 400 windows x 20 dims of z-scored random-walk segments, 8 latent shapes. */
function windows(count: number, dims: number): number[][] {
  const { normal, uniform } = rng(22);
  const shapes = Array.from({ length: 8 }, () => Array.from({ length: dims }, () => normal()));
  return Array.from({ length: count }, () => {
    const s = shapes[Math.floor(uniform() * shapes.length)]!;
    return s.map((v) => v + 0.4 * normal());
  });
}

function regression(n: number): { y: number[]; X: number[][] } {
  const { normal } = rng(33);
  const X = Array.from({ length: n }, () => [normal(), normal()]);
  const y = X.map(([a, b]) => 1 + 0.5 * a! - 0.25 * b! + normal());
  return { y, X };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function measure(name: string, budgetMs: number, runs: number, fn: () => unknown): AnalyticsBenchResult {
  // Steady-state numbers: warm up (at least `runs` calls and 250 ms) so the JIT
  // has optimised the hot loops; a cold call is several times slower.
  const warmUntil = performance.now() + 250;
  for (let i = 0; i < runs || performance.now() < warmUntil; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return { name, medianMs: Number(median(times).toFixed(3)), runs, budgetMs };
}

export async function benchAnalytics(): Promise<AnalyticsBenchResult[]> {
  const y = arimaSeries(1000);
  const pts = windows(400, 20);
  const reg = regression(5000);
  // Cheapest first: the allocation-heavy ARIMA / k-means runs leave GC work
  // behind that would otherwise land inside the sub-millisecond OLS timings.
  return [
    measure('ols 5000x2 (+const)', 2, 51, () => ols(reg.y, reg.X, { addConstant: true })),
    measure('arima(1,1,1) trend t, n=1000', 50, 21, () => fitArima(y, { p: 1, d: 1, q: 1, trend: 't' })),
    measure('kmeans k=8, 400x20, nInit=10', 30, 21, () => kmeans(pts, 8, { seed: 1, nInit: 10 })),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchAnalytics();
  console.table(results.map((r) => ({ ...r, withinBudget: r.medianMs <= r.budgetMs })));
}
