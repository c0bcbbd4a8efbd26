/**
 * fitArima side by side with the `arima` npm package (a WASM port of ctsa: exact ML, no standard
 * errors, log-likelihood or trend) on the last 500 real SPY closes of the demo bundle, orders up to
 * (5,1,5). Ours includes what the page gets: multi-start estimation, the covariance and the
 * forecast. Both sides are warmed up first (JIT; without it the first order measured the compiler),
 * then timed interleaved; medians (ratio = ours / package, both in this process; the CPU-time ratio
 * moves less with the shared machine's load than the wall one; the ratio of the fastest CPU times
 * least). Issue 20 target: <= 1.5 on every order the package fits, checked on bestCpuRatio. Alone: npm run bench -- --arima (or npx tsx scripts/bench/arima-vs-npm.ts).
 *
 * The package fails on some of these orders, and says so only on its console: (3,1,3) exits with
 * "Nonstationary AR part" (its one-step variance 97 where the random walk's is 22) and (5,1,5) with
 * "Optimization Routine Encountered Inf/Nan Values" (variance ~7e11). A failed fit is detected
 * here (a console message, or a one-step forecast variance that is not finite or above the
 * differenced series' own variance, which the nested (0,d,0) model attains) and its row says
 * "package fails" instead of a ratio against a time that bought no fit; our absolute time stands.
 */
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { fitArima } from '@tapewatch/functions/analytics/index';
import { readBundle } from '../demo-data/load-demo.ts';

const require = createRequire(import.meta.url);

interface ArimaNpm {
  new (o: {
    p: number;
    d: number;
    q: number;
    verbose: boolean;
  }): { train(y: number[]): { predict(h: number): [number[], number[]] } };
}

export interface ArimaVsNpmRow {
  order: string;
  oursMs: number;
  npmMs: number;
  /** ours / package wall time, or null where the package fails to fit (see `package`). */
  ratio: number | null;
  /** The same ratio in process CPU time: less sensitive to other processes than wall time. */
  cpuRatio: number | null;
  /**
   * Ratio of the fastest CPU times of each side: the cost of the code itself. With the 2 cores
   * shared by other agents (load 10+) medians moved by 2x between identical runs, the minimum of
   * 15+ runs by a few percent; the 1.5 budget is checked on this one.
   */
  bestCpuRatio: number | null;
  /** 'ok', or 'fails: <why>' (its console message or an implausible variance). */
  package: string;
  /** 1-minute load average when the order was measured (the machine's 2 cores are shared). */
  load: number;
}

export const ORDERS: Array<[number, number, number]> = [
  [1, 0, 0],
  [5, 1, 0],
  [1, 1, 1],
  [2, 1, 2],
  [3, 1, 3],
  [5, 1, 5],
];

const WARMUP = 3;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs f with the process's stdout and stderr captured (the package prints its errors there). */
function capturingOutput<T>(f: () => T): { value: T; output: string } {
  const out = process.stdout.write;
  const err = process.stderr.write;
  let output = '';
  const grab = ((chunk: string | Uint8Array) => {
    output += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = grab;
  process.stderr.write = grab;
  try {
    return { value: f(), output };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

function differenced(y: number[], d: number): number[] {
  let w = y;
  for (let k = 0; k < d; k++) w = w.slice(1).map((v, i) => v - w[i]!);
  return w;
}

export function benchArimaVsNpm(runs = Number(process.env.BENCH_ARIMA_RUNS ?? 15)): ArimaVsNpmRow[] {
  const ARIMA = require('arima') as ArimaNpm;
  const y = readBundle().series.get('SPY')!.close.slice(-500);
  return ORDERS.map(([p, d, q]) => {
    // A constant for d = 0 (the package demeans), no trend otherwise: the same model both sides.
    const trend = d === 0 ? 'c' : 'n';
    const ours = () => fitArima(y, { p, d, q, trend }).forecast(20);
    const npm = () => capturingOutput(() => new ARIMA({ p, d, q, verbose: false }).train(y).predict(20));
    for (let i = 0; i < WARMUP; i++) {
      ours();
      npm();
    }
    const oursWall: number[] = [];
    const npmWall: number[] = [];
    const oursCpu: number[] = [];
    const npmCpu: number[] = [];
    let last: ReturnType<typeof npm> | undefined;
    for (let i = 0; i < runs; i++) {
      let t0 = performance.now();
      let c0 = cpuMs();
      ours();
      oursWall.push(performance.now() - t0);
      oursCpu.push(cpuMs() - c0);
      t0 = performance.now();
      c0 = cpuMs();
      last = npm();
      npmWall.push(performance.now() - t0);
      npmCpu.push(cpuMs() - c0);
    }
    const w = differenced(y, d);
    const mean = d === 0 ? w.reduce((s, v) => s + v, 0) / w.length : 0;
    const variance = w.reduce((s, v) => s + (v - mean) ** 2, 0) / w.length;
    const oneStep = last!.value[1][0]!;
    const message = last!.output.trim().split('\n')[0]?.trim();
    const status = message
      ? `fails: "${message}"`
      : !Number.isFinite(oneStep) || oneStep > variance
        ? `fails: one-step variance ${oneStep.toPrecision(3)} > the series' ${variance.toPrecision(3)}`
        : 'ok';
    const ok = status === 'ok';
    const o = median(oursWall);
    const n = median(npmWall);
    return {
      order: `(${p},${d},${q})`,
      oursMs: Number(o.toFixed(2)),
      npmMs: Number(n.toFixed(2)),
      ratio: ok ? Number((o / n).toFixed(2)) : null,
      cpuRatio: ok ? Number((median(oursCpu) / median(npmCpu)).toFixed(2)) : null,
      bestCpuRatio: ok ? Number((Math.min(...oursCpu) / Math.min(...npmCpu)).toFixed(2)) : null,
      package: status,
      load: Number(loadavg()[0]!.toFixed(1)),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(benchArimaVsNpm());
