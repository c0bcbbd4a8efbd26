import { describe, expect, it } from 'vitest';
import { minimizeBfgs } from './optimize.ts';

describe('optimiser', () => {
  it('BFGS finds the Rosenbrock minimum (1, 1)', () => {
    const f = (x: Float64Array) => 100 * (x[1]! - x[0]! ** 2) ** 2 + (1 - x[0]!) ** 2;
    const r = minimizeBfgs(f, [-1.2, 1], { maxIter: 500, gtol: 1e-9 });
    expect(r.converged).toBe(true);
    expect(r.x[0]!).toBeCloseTo(1, 5);
    expect(r.x[1]!).toBeCloseTo(1, 5);
  });

  it("'auto' switches from forward to central differences near the optimum (or when forward noise fakes a flat ridge) and converges as tightly", () => {
    const f = (x: Float64Array) => 100 * (x[1]! - x[0]! ** 2) ** 2 + (1 - x[0]!) ** 2;
    const auto = minimizeBfgs(f, [-1.2, 1], { maxIter: 500, gtol: 1e-9, forward: 'auto' });
    expect(auto.converged).toBe(true);
    expect(auto.gradNorm).toBeLessThan(1e-7);
    expect(auto.x[0]!).toBeCloseTo(1, 7);
    const screen = minimizeBfgs(f, [-1.2, 1], { maxIter: 500, gtol: 1e-4, forward: true });
    expect(screen.x[0]!).toBeCloseTo(1, 2);
  });

  it('with `value`, backtracking trials skip the gradient: the same path, fewer gradients', () => {
    const f = (x: Float64Array) => 100 * (x[1]! - x[0]! ** 2) ** 2 + (1 - x[0]!) ** 2;
    const calls = { gradient: 0, value: 0 };
    const gradient = (x: Float64Array, out: Float64Array) => {
      calls.gradient++;
      out[0] = -400 * x[0]! * (x[1]! - x[0]! ** 2) - 2 * (1 - x[0]!);
      out[1] = 200 * (x[1]! - x[0]! ** 2);
      return f(x);
    };
    const value = (x: Float64Array) => {
      calls.value++;
      return f(x);
    };
    const plain = minimizeBfgs(f, [-1.2, 1], { maxIter: 500, gtol: 1e-9, gradient });
    const plainGradients = calls.gradient;
    calls.gradient = 0;
    const withValue = minimizeBfgs(f, [-1.2, 1], { maxIter: 500, gtol: 1e-9, gradient, value });
    expect(plain.converged).toBe(true);
    expect(Array.from(withValue.x)).toEqual(Array.from(plain.x));
    expect(withValue.fx).toBe(plain.fx);
    expect(withValue.iterations).toBe(plain.iterations);
    // Rosenbrock's valley rejects many first trials: each rejected one after the first cost a gradient before.
    expect(calls.value).toBeGreaterThan(0);
    expect(calls.gradient).toBeLessThan(plainGradients);
  });

  it('treats non-finite objective values as walls', () => {
    const f = (x: Float64Array) => (x[0]! <= 0 ? Infinity : x[0]! - Math.log(x[0]!));
    const r = minimizeBfgs(f, [5]);
    expect(r.x[0]!).toBeCloseTo(1, 5);
  });

  it('reports non-convergence instead of a wrong answer when the budget is exhausted', () => {
    const f = (x: Float64Array) => 100 * (x[1]! - x[0]! ** 2) ** 2 + (1 - x[0]!) ** 2;
    expect(minimizeBfgs(f, [-1.2, 1], { maxIter: 3 }).converged).toBe(false);
  });
});
