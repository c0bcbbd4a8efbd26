/**
 * Nearly cancelling AR and MA roots: an ARMA(p, q) whose AR polynomial and MA polynomial share a
 * factor (1 - r B) up to a small distance is, to that distance, the ARMA(p - 1, q - 1) without it,
 * and its AR and MA coefficients are not separately identified: the likelihood is nearly flat along
 * the cancellation, with ripples that make its local curvature (the Wald standard errors) say far
 * more than the data do.
 *
 * Why a rule on the root distance (issue 36 item 3): the ARIMA page's default model, ARIMA(1,1,1)
 * on 500 closes, showed |z| > 100 on nine demo tickers whose AR and MA roots were 0.004-0.035 apart.
 * Simulated from each of those fits (100 seeded series each, refitted), the nominal 95% Wald
 * intervals of ar.L1 covered the true value in 44% to 88% of the samples. Over a grid of ARMA(1,1)
 * processes (n = 500, AR reciprocal root rho = 0.9-0.995 either sign, MA reciprocal root rho - delta)
 * the coverage was 0.42-0.84 at delta <= 0.02, 0.66-0.97 at 0.05 and 0.88-0.98 at 0.15, whatever rho:
 * it falls with delta sqrt(n), the pair's separation in standard-error units. Below one
 * (delta < 1 / sqrt(n)) the coefficients' standard errors, z and p are not reported.
 */

/** Complex numbers as [re, im]. */
export type Complex = readonly [number, number];

/**
 * Roots of the monic polynomial x^k + c_1 x^(k-1) + ... + c_k (real coefficients), by the
 * Durand-Kerner (Weierstrass) iteration: every root at once, quadratically convergent for simple
 * roots and linearly for multiple ones, which is enough for the low degrees of ARMA polynomials.
 */
export function monicRoots(c: readonly number[]): Complex[] {
  const k = c.length;
  if (k === 0) return [];
  // Distinct starting points on a circle of the roots' size (Cauchy's bound), off the real axis.
  const bound = 1 + Math.max(...c.map(Math.abs));
  const re = Array.from({ length: k }, (_, i) => bound * 0.9 * Math.cos((2 * Math.PI * i) / k + 0.4));
  const im = Array.from({ length: k }, (_, i) => bound * 0.9 * Math.sin((2 * Math.PI * i) / k + 0.4));
  for (let it = 0; it < 500; it++) {
    let moved = 0;
    for (let i = 0; i < k; i++) {
      // p(z_i) by Horner.
      let pr = 1;
      let pi = 0;
      for (let j = 0; j < k; j++) {
        const nr = pr * re[i]! - pi * im[i]! + c[j]!;
        pi = pr * im[i]! + pi * re[i]!;
        pr = nr;
      }
      // prod_{j != i} (z_i - z_j).
      let dr = 1;
      let di = 0;
      for (let j = 0; j < k; j++) {
        if (j === i) continue;
        const ar = re[i]! - re[j]!;
        const ai = im[i]! - im[j]!;
        const nr = dr * ar - di * ai;
        di = dr * ai + di * ar;
        dr = nr;
      }
      const den = dr * dr + di * di;
      if (den === 0) continue;
      const qr = (pr * dr + pi * di) / den;
      const qi = (pi * dr - pr * di) / den;
      re[i] = re[i]! - qr;
      im[i] = im[i]! - qi;
      moved = Math.max(moved, Math.hypot(qr, qi));
    }
    if (moved < 1e-15 * bound) break;
  }
  return re.map((r, i) => [r, Math.abs(im[i]!) < 1e-12 * bound ? 0 : im[i]!] as const);
}

export interface CancellingPair {
  /** The AR and MA reciprocal roots (inside the unit circle for a stationary, invertible model). */
  ar: Complex;
  ma: Complex;
  distance: number;
  /** 1 / sqrt(nobs): the distance below which the pair counts as cancelling. */
  threshold: number;
}

/**
 * The closest AR / MA pair of reciprocal roots when it is closer than 1 / sqrt(nobs), else null.
 * Reciprocal roots of 1 - phi_1 z - ... - phi_p z^p solve x^p - phi_1 x^(p-1) - ... - phi_p = 0, those
 * of 1 + theta_1 z + ... solve x^q + theta_1 x^(q-1) + ... = 0 (for ARMA(1,1): phi and -theta).
 */
export function nearlyCancellingPair(
  phi: readonly number[],
  theta: readonly number[],
  nobs: number,
): CancellingPair | null {
  if (phi.length === 0 || theta.length === 0 || !(nobs > 0)) return null;
  const ar = monicRoots(phi.map((v) => -v));
  const ma = monicRoots(theta);
  const threshold = 1 / Math.sqrt(nobs);
  let best: CancellingPair | null = null;
  for (const a of ar)
    for (const m of ma) {
      const distance = Math.hypot(a[0] - m[0], a[1] - m[1]);
      if (!best || distance < best.distance) best = { ar: a, ma: m, distance, threshold };
    }
  return best && best.distance < threshold ? best : null;
}
