/**
 * How close an ARMA estimate lies to the stationarity / invertibility boundary. A lag polynomial
 * 1 - a_1 z - ... - a_k z^k has every root of modulus above r exactly when the polynomial with
 * coefficients a_i r^i is stationary (its roots are the first's divided by r), so the smallest
 * root modulus is found by bisection on r with the Durbin-Levinson test the estimator already uses.
 */
import { isStationary } from './arma-params.ts';

/** Roots within this distance of the unit circle count as on the boundary (issue 36). */
export const UNIT_ROOT_TOLERANCE = 1e-3;

/** Smallest root modulus of 1 - sum a_i z^i (Infinity without coefficients or with all zero). */
export function smallestRootModulus(a: readonly number[]): number {
  if (a.every((v) => v === 0)) return Infinity;
  const ok = (r: number) => isStationary(a.map((v, i) => v * r ** (i + 1)));
  let lo = 0;
  let hi = 1;
  // Grow hi until the scaled polynomial is not stationary: some root has modulus below hi.
  while (ok(hi)) {
    lo = hi;
    hi *= 2;
    if (hi > 1e12) return Infinity;
  }
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export interface BoundaryRoot {
  part: 'AR' | 'MA';
  modulus: number;
}

/**
 * The AR and MA polynomials whose smallest root lies within UNIT_ROOT_TOLERANCE of the unit circle.
 * MA: 1 + theta_1 z + ..., i.e. the AR form with -theta.
 */
export function boundaryRoots(phi: readonly number[], theta: readonly number[]): BoundaryRoot[] {
  const out: BoundaryRoot[] = [];
  const ar = smallestRootModulus(phi);
  const ma = smallestRootModulus(theta.map((v) => -v));
  if (Math.abs(ar - 1) < UNIT_ROOT_TOLERANCE) out.push({ part: 'AR', modulus: ar });
  if (Math.abs(ma - 1) < UNIT_ROOT_TOLERANCE) out.push({ part: 'MA', modulus: ma });
  return out;
}
