/**
 * Quasi-Newton minimisation with an analytic gradient or finite differences. (Standard errors:
 * arima-covariance.ts.)
 */

export interface MinimizeResult {
  x: Float64Array;
  fx: number;
  iterations: number;
  converged: boolean;
  gradNorm: number;
  /** The final inverse-Hessian approximation (to resume the run where it stopped). */
  inverseHessian: Float64Array;
}

export interface MinimizeOptions {
  maxIter?: number;
  /** Convergence when max |gradient| falls below this. */
  gtol?: number;
  /**
   * Also accept convergence when the objective changes by less than
   * ftol * (|f| + ftol) for 3 consecutive iterations while max |gradient| <
   * `ftolGrad` (flat ridges, e.g. near-cancelling AR and MA roots; R's optim
   * `reltol` plays this role). Default 1e-9 / 1e-3.
   */
  ftol?: number;
  ftolGrad?: number;
  /**
   * Forward instead of central differences: half the evaluations for a gradient good to ~1e-8,
   * enough to screen starting points, not to converge tightly. 'auto': forward while the largest
   * gradient component exceeds 1e-4, central below (the last iterations need the accuracy).
   */
  forward?: boolean | 'auto';
  /**
   * Analytic gradient: fills `out` with the gradient at x and returns f(x) (non-finite: a wall).
   * Replaces the finite differences (`forward` is then ignored).
   */
  gradient?: (x: Float64Array, out: Float64Array) => number;
  /**
   * With `gradient`: the same f(x) without the gradient, equal to what `gradient` returns to the
   * last bit. A backtracking trial after the first is then evaluated with it, and the gradient is
   * computed only at the step accepted: the path is the one `gradient` alone takes, for less where
   * steps are rejected.
   */
  value?: (x: Float64Array) => number;
  /** Called after every accepted step: true ends the run there (not converged). */
  stop?: (x: Float64Array, fx: number) => boolean;
  /** Start from this inverse-Hessian approximation (a stopped run's) instead of the identity. */
  inverseHessian?: Float64Array;
}

const AUTO_CENTRAL_BELOW = 1e-4;

function gradient(
  f: (x: Float64Array) => number,
  x: Float64Array,
  fx: number,
  out: Float64Array,
  forward = false,
): boolean {
  const xt = Float64Array.from(x);
  if (forward) {
    for (let i = 0; i < x.length; i++) {
      const h = 1e-7 * Math.max(1, Math.abs(x[i]!));
      xt[i] = x[i]! + h;
      const fp = f(xt);
      xt[i] = x[i]! - h;
      const fm = Number.isFinite(fp) ? fx : f(xt);
      xt[i] = x[i]!;
      if (Number.isFinite(fp)) out[i] = (fp - fx) / h;
      else if (Number.isFinite(fm)) out[i] = (fx - fm) / h;
      else return false;
    }
    return true;
  }
  for (let i = 0; i < x.length; i++) {
    const h = 1e-6 * Math.max(1, Math.abs(x[i]!));
    xt[i] = x[i]! + h;
    const fp = f(xt);
    xt[i] = x[i]! - h;
    const fm = f(xt);
    xt[i] = x[i]!;
    if (Number.isFinite(fp) && Number.isFinite(fm)) out[i] = (fp - fm) / (2 * h);
    else if (Number.isFinite(fp)) out[i] = (fp - fx) / h;
    else if (Number.isFinite(fm)) out[i] = (fx - fm) / h;
    else return false;
  }
  return true;
}

/** BFGS with backtracking (Armijo) line search. Non-finite objective values are treated as walls. */
export function minimizeBfgs(
  f: (x: Float64Array) => number,
  x0: ArrayLike<number>,
  opts: MinimizeOptions = {},
): MinimizeResult {
  const maxIter = opts.maxIter ?? 200;
  const gtol = opts.gtol ?? 1e-7;
  const ftol = opts.ftol ?? 1e-9;
  const ftolGrad = opts.ftolGrad ?? 1e-3;
  let flatIters = 0;
  // 'auto' uses forward differences until the gradient is small or progress stalls (their noise
  // can fake a flat ridge), then central ones for good.
  const analytic = opts.gradient;
  let central = analytic !== undefined || (opts.forward !== true && opts.forward !== 'auto');
  let flatConverged = false;
  const gradientAt = (x: Float64Array, fx: number, out: Float64Array, forward: boolean): boolean => {
    if (!analytic) return gradient(f, x, fx, out, forward);
    if (!Number.isFinite(analytic(x, out))) return false;
    for (let i = 0; i < out.length; i++) if (!Number.isFinite(out[i]!)) return false;
    return true;
  };
  const n = x0.length;
  let x = Float64Array.from(x0);
  let g = new Float64Array(n);
  // With an analytic gradient every point is evaluated with its gradient (so f values all come
  // from one function): a step accepted at the first trial, the usual case, then costs one call.
  let fx = analytic && n > 0 ? analytic(x, g) : f(x);
  if (n === 0) return { x, fx, iterations: 0, converged: true, gradNorm: 0, inverseHessian: identity(0) };
  if (!Number.isFinite(fx))
    return { x, fx, iterations: 0, converged: false, gradNorm: Infinity, inverseHessian: identity(n) };
  if (analytic ? g.some((v) => !Number.isFinite(v)) : !gradientAt(x, fx, g, !central))
    return { x, fx, iterations: 0, converged: false, gradNorm: Infinity, inverseHessian: identity(n) };
  const trialGrad = new Float64Array(n);
  let H = opts.inverseHessian?.length === n * n ? Float64Array.from(opts.inverseHessian) : identity(n);
  let gradNorm = maxAbs(g);
  let it = 0;
  let stalls = 0;
  for (; it < maxIter && gradNorm > gtol; it++) {
    const p = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s -= H[i * n + j]! * g[j]!;
      p[i] = s;
    }
    let slope = 0;
    for (let i = 0; i < n; i++) slope += p[i]! * g[i]!;
    if (!(slope < 0)) {
      // Not a descent direction: restart from steepest descent.
      H = identity(n);
      for (let i = 0; i < n; i++) p[i] = -g[i]!;
      slope = -dot(g, g);
    }
    // Keep the first step modest in the transformed parameter space, relative to where a
    // coordinate already is: one running to the stationarity boundary (|u| -> infinity, where the
    // likelihood changes as 1/u^2) then gets there in a few steps instead of 5 units at a time.
    let step = 1;
    let ratio = 0;
    for (let i = 0; i < n; i++) ratio = Math.max(ratio, Math.abs(p[i]!) / Math.max(1, Math.abs(x[i]!)));
    if (ratio > 5) step = 5 / ratio;
    const xn = new Float64Array(n);
    let fn = Infinity;
    let accepted = false;
    // Whether trialGrad holds the gradient at xn (not so after a trial evaluated by `value`).
    let trialHasGradient = false;
    for (let ls = 0; ls < 60; ls++) {
      for (let i = 0; i < n; i++) xn[i] = x[i]! + step * p[i]!;
      trialHasGradient = analytic !== undefined && (ls === 0 || !opts.value);
      fn = trialHasGradient ? analytic!(xn, trialGrad) : analytic ? opts.value!(xn) : f(xn);
      if (Number.isFinite(fn) && fn <= fx + 1e-4 * step * slope) {
        accepted = true;
        break;
      }
      step *= 0.5;
    }
    if (accepted && analytic && !trialHasGradient && !Number.isFinite(analytic(xn, trialGrad))) break;
    if (!accepted) {
      if (!central) {
        // A forward-difference gradient too noisy to descend along: switch to central ones.
        central = true;
        if (!gradientAt(x, fx, g, false)) break;
        gradNorm = maxAbs(g);
      } else if (stalls++ > 1) break;
      H = identity(n);
      continue;
    }
    const gn = new Float64Array(n);
    if (opts.forward === 'auto' && gradNorm <= AUTO_CENTRAL_BELOW) central = true;
    if (analytic) {
      gn.set(trialGrad);
      if (gn.some((v) => !Number.isFinite(v))) break;
    } else if (!gradientAt(xn, fn, gn, !central)) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = xn[i]! - x[i]!;
      y[i] = gn[i]! - g[i]!;
    }
    const sy = dot(s, y);
    if (sy > 1e-14) bfgsUpdate(H, s, y, sy, n);
    const improvement = fx - fn;
    flatIters = improvement <= ftol * (Math.abs(fn) + ftol) ? flatIters + 1 : 0;
    x = xn;
    fx = fn;
    g = gn;
    gradNorm = maxAbs(g);
    if (flatIters >= 3 && gradNorm < ftolGrad && !central && opts.forward === 'auto') {
      central = true;
      flatIters = 0;
      if (!gradientAt(x, fx, g, false)) break;
      gradNorm = maxAbs(g);
    }
    if (flatIters >= 3 && gradNorm < ftolGrad) {
      flatConverged = true;
      break;
    }
    if (opts.stop?.(x, fx) && gradNorm > gtol) {
      it++;
      break;
    }
    if (improvement <= 1e-15 * Math.max(1, Math.abs(fx)) && maxAbs(s) < 1e-10) {
      if (stalls++ > 2) break;
    } else {
      stalls = 0;
    }
  }
  return { x, fx, iterations: it, converged: flatConverged || gradNorm <= gtol * 100, gradNorm, inverseHessian: H };
}

function bfgsUpdate(H: Float64Array, s: Float64Array, y: Float64Array, sy: number, n: number): void {
  const rho = 1 / sy;
  const Hy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let j = 0; j < n; j++) acc += H[i * n + j]! * y[j]!;
    Hy[i] = acc;
  }
  const yHy = dot(y, Hy);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      H[i * n + j] = H[i * n + j]! - rho * (Hy[i]! * s[j]! + s[i]! * Hy[j]!) + (rho * rho * yHy + rho) * s[i]! * s[j]!;
    }
  }
}

function identity(n: number): Float64Array {
  const m = new Float64Array(n * n);
  for (let i = 0; i < n; i++) m[i * n + i] = 1;
  return m;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function maxAbs(a: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]!));
  return m;
}
