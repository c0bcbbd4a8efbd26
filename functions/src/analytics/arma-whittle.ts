/**
 * Spectral starting points for ARMA(p >= 2, q >= 2) estimation, found on the Whittle likelihood.
 *
 * Why: on real prices and returns the exact ARMA likelihood has a local maximum at almost every
 * frequency where a nearly cancelling pair of complex AR and MA roots fits a narrow peak or notch of
 * the periodogram, and which is highest depends on a few periodogram ordinates. Gradient paths of
 * the exact likelihood reach only the nearest (issue 36 item 4: fits up to 1.3 log-likelihood units
 * below statsmodels' best polished start). The Whittle approximation,
 *   -l_W = m log(S / m) + sum_j log g_j,   S = sum_j I_j / g_j,   g_j = |theta(e^{-i w_j})|^2 / |phi(e^{-i w_j})|^2
 * over the m Fourier frequencies w_j (sigma^2 concentrated out), has the same maxima to O(1/n) and
 * costs one pass over m ~ n / 2 ordinates with no filter, so a fine grid of pair starts can be
 * climbed on it; its best few optima are then handed to the exact likelihood as ordinary starts.
 * Whittle (1953); Brockwell & Davis (1991) section 10.8.
 */
import { minimizeBfgs } from './optimize.ts';
import {
  constrainStationary,
  constrainStationaryJacobian,
  gradientToUnconstrained,
  unconstrainStationary,
} from './arma-params.ts';

/**
 * Pair starts every PAIR_STEP degrees, alternately a notch (AR modulus NEAR, MA NEARER) and a peak
 * (the reverse) from a notch at PAIR_STEP, and the same grid shifted by half a step with the kinds
 * swapped (a peak at 4 degrees, a notch at 12...): 44 starts, so that within 4 degrees of any
 * angle there is a notch and a peak. ~12 ms for ARIMA(2,1,2) on 500 SPY closes (6 with the first
 * grid alone); a backtracking trial is a value without its gradient (minimizeBfgs `value`).
 * Why both grids: with the first alone (22 starts), 1 of the 55 statsmodels reference fits ended
 * more than 0.01 below statsmodels' best polished start (qqq_ret (2,0,2), 0.023: the best Whittle
 * optimum, a notch at 45 degrees, lies between the notches at 40 and 48, which climb to other
 * maxima), against 7 without these starts; with the shifted grid alone (every 4 degrees, alternate)
 * vix (3,0,2) came back 0.63 below; with both, none is (issue 36 item 4). Which of two nearly equal
 * maxima a fixed grid reaches is partly luck: exact pair starts every 3 degrees, each pursued alone,
 * still found a higher maximum for 8 of 26 demo ARIMA(2,1,2) fits with the first grid alone.
 */
const PAIR_STEP = 8;
const PAIR_GRID: ReadonlyArray<readonly [degrees: number, peak: boolean]> = [
  ...Array.from({ length: Math.ceil(180 / PAIR_STEP) - 1 }, (_, i) => [PAIR_STEP * (i + 1), i % 2 === 1] as const),
  ...Array.from(
    { length: Math.ceil(180 / PAIR_STEP) - 1 },
    (_, i) => [PAIR_STEP * i + PAIR_STEP / 2, i % 2 === 0] as const,
  ),
];
const NEAR = 0.97;
const NEARER = 0.99;
/**
 * How many distinct Whittle optima become starts of the exact likelihood (the first screened in
 * full, the others briefly; see arima-regression.ts). Why more than one: near the unit circle the
 * Whittle ranking is not the exact one.
 */
const KEEP = 3;
/** Natural coefficients within this max-norm distance are one optimum. */
const SAME = 1e-2;
/** Ordinates whose log is taken at once (one log per block instead of one per ordinate). */
const LOG_BLOCK = 8;
/**
 * BFGS iterations per pair start on the Whittle likelihood: enough to settle into a basin, which
 * is all a start needs (the exact likelihood polishes it). 15 reached the same reference fits in
 * 1.3 times the time; 6 left three of them more than 0.01 below statsmodels' best.
 */
const WHITTLE_ITERATIONS = 10;

export interface WhittleFit {
  phi: number[];
  theta: number[];
  /** Concentrated negative Whittle log-likelihood per ordinate. */
  value: number;
  /** Inverse Hessian of the exact negative log-likelihood per observation, as BFGS estimated it. */
  inverseHessian: Float64Array;
}

/**
 * The concentrated Whittle objective of a demeaned / detrended series z for ARMA(p, q), per
 * Fourier ordinate, and its gradient in the natural coefficients (phi, theta).
 */
export function whittleObjective(z: ArrayLike<number>, p: number, q: number) {
  const n = z.length;
  const m = Math.floor((n - 1) / 2);
  const K = Math.max(p, q);
  const I = new Float64Array(m);
  // cos / sin of k w_j, k = 1..K, ordinate-major: one ordinate's lags are adjacent.
  const cs = new Float64Array(m * K);
  const sn = new Float64Array(m * K);
  for (let j = 0; j < m; j++) {
    const w = (2 * Math.PI * (j + 1)) / n;
    // Periodogram by direct sums with the angle addition recurrence (m * n work, once per fit).
    const c1 = Math.cos(w);
    const s1 = Math.sin(w);
    let c = 1;
    let s = 0;
    let re = 0;
    let im = 0;
    for (let t = 0; t < n; t++) {
      re += z[t]! * c;
      im += z[t]! * s;
      const cNext = c * c1 - s * s1;
      s = s * c1 + c * s1;
      c = cNext;
    }
    I[j] = (re * re + im * im) / n;
    for (let k = 1; k <= K; k++) {
      cs[j * K + k - 1] = Math.cos(w * k);
      sn[j * K + k - 1] = Math.sin(w * k);
    }
  }
  // Per ordinate: 2 Re / Im of phi(e^-iw) over |phi|^2, the same of theta, and I / g.
  const ua = new Float64Array(m);
  const va = new Float64Array(m);
  const um = new Float64Array(m);
  const vm = new Float64Array(m);
  const rt = new Float64Array(m);
  /** Value per ordinate; fills grad (length p + q) with its gradient in (phi, theta) when given. */
  return (phi: ArrayLike<number>, theta: ArrayLike<number>, grad?: Float64Array): number => {
    // sum_j log g_j as the log of products over blocks of LOG_BLOCK ordinates: one log per block
    // instead of one per ordinate (the log was half the cost); g stays within 1e+-20 per ordinate
    // for admissible coefficients, so a block's product cannot overflow.
    let sumLog = 0;
    let product = 1;
    let S = 0;
    let block = 0;
    for (let j = 0; j < m; j++) {
      const o = j * K;
      // phi(e^{-iw}) = 1 - sum phi_k e^{-ikw}; theta(e^{-iw}) = 1 + sum theta_k e^{-ikw}.
      let ar = 1;
      let ai = 0;
      for (let k = 0; k < p; k++) {
        ar -= phi[k]! * cs[o + k]!;
        ai += phi[k]! * sn[o + k]!;
      }
      let mr = 1;
      let mi = 0;
      for (let k = 0; k < q; k++) {
        mr += theta[k]! * cs[o + k]!;
        mi -= theta[k]! * sn[o + k]!;
      }
      const a2 = ar * ar + ai * ai;
      const m2 = mr * mr + mi * mi;
      // One division for both reciprocals (a2 and m2 lie within ~1e-4..1e2 for admissible coefficients).
      const inv = 1 / (a2 * m2);
      const ia = m2 * inv;
      const im = a2 * inv;
      const ratio = I[j]! * a2 * im;
      product *= m2 * ia;
      if (++block === LOG_BLOCK) {
        sumLog += Math.log(product);
        product = 1;
        block = 0;
      }
      S += ratio;
      // d log g / d phi_k = -d log|phi|^2 / d phi_k = 2 (ar cos kw - ai sin kw) / |phi|^2, and
      // likewise for theta: kept per ordinate, summed per coefficient below (local accumulators).
      ua[j] = 2 * ar * ia;
      va[j] = 2 * ai * ia;
      um[j] = 2 * mr * im;
      vm[j] = 2 * mi * im;
      rt[j] = ratio;
    }
    sumLog += Math.log(product);
    if (grad) {
      for (let k = 0; k < p + q; k++) {
        const ar = k < p;
        const c = ar ? k : k - p;
        const u = ar ? ua : um;
        const v = ar ? va : vm;
        let sd = 0;
        let sr = 0;
        for (let j = 0, o = c; j < m; j++, o += K) {
          const d = u[j]! * cs[o]! - v[j]! * sn[o]!;
          sd += d;
          sr += rt[j]! * d;
        }
        grad[k] = (sd - (m * sr) / S) / m;
      }
    }
    return (m * Math.log(S / m) + sumLog) / m;
  };
}

/** A pair of complex roots at angle `deg`, AR modulus ra and MA modulus rm, in lags 1 and 2. */
function pairStart(p: number, q: number, deg: number, ra: number, rm: number) {
  const c = Math.cos((deg * Math.PI) / 180);
  const phi = new Array<number>(p).fill(0);
  const theta = new Array<number>(q).fill(0);
  phi[0] = 2 * ra * c;
  phi[1] = -ra * ra;
  theta[0] = -2 * rm * c;
  theta[1] = rm * rm;
  return { phi, theta };
}

/**
 * The best KEEP distinct maxima of the Whittle likelihood climbed from pair starts (a peak or a
 * notch every PAIR_STEP degrees), stationary and invertible, best first; [] unless p >= 2 and
 * q >= 2 (a complex pair needs two coefficients on each side).
 */
export function whittleStarts(z: ArrayLike<number>, p: number, q: number): WhittleFit[] {
  if (p < 2 || q < 2 || z.length < 8) return [];
  const objective = whittleObjective(z, p, q);
  const natural = new Float64Array(p + q);
  const split = (x: Float64Array) => {
    const ar = constrainStationaryJacobian(x.subarray(0, p));
    const ma = constrainStationaryJacobian(x.subarray(p, p + q));
    return { ar, ma, phi: ar.phi, theta: ma.phi.map((v) => -v) };
  };
  const value = (x: Float64Array) => {
    const { phi, theta } = split(x);
    const v = objective(phi, theta);
    return Number.isFinite(v) ? v : Infinity;
  };
  const gradient = (x: Float64Array, out: Float64Array) => {
    const { ar, ma, phi, theta } = split(x);
    const v = objective(phi, theta, natural);
    if (!Number.isFinite(v)) return Infinity;
    gradientToUnconstrained(natural, ar, ma, p, q, out);
    return v;
  };
  const found: WhittleFit[] = [];
  const near = (a: WhittleFit, c: number[]) => [...a.phi, ...a.theta].every((v, i) => Math.abs(v - c[i]!) < SAME);
  for (const [deg, peak] of PAIR_GRID) {
    const s = peak ? pairStart(p, q, deg, NEARER, NEAR) : pairStart(p, q, deg, NEAR, NEARER);
    const u = unconstrainStationary(s.phi);
    const v = unconstrainStationary(s.theta.map((t) => -t));
    if (!u || !v) continue;
    const r = minimizeBfgs(value, [...u, ...v], { maxIter: WHITTLE_ITERATIONS, gtol: 1e-5, gradient, value });
    if (!Number.isFinite(r.fx)) continue;
    const phi = constrainStationary(r.x.subarray(0, p));
    const theta = constrainStationary(r.x.subarray(p, p + q)).map((t) => -t);
    const c = [...phi, ...theta];
    const same = found.find((f) => near(f, c));
    // Per observation the exact objective is about half the Whittle one per ordinate, so its
    // inverse Hessian about twice (the exact run's first BFGS step then has the right length).
    const inverseHessian = r.inverseHessian.map((h) => 2 * h);
    if (same) {
      if (r.fx < same.value) Object.assign(same, { phi, theta, value: r.fx, inverseHessian });
    } else found.push({ phi, theta, value: r.fx, inverseHessian });
  }
  return found.sort((a, b) => a.value - b.value).slice(0, KEEP);
}
