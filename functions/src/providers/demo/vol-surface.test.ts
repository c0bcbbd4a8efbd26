import { describe, expect, it } from 'vitest';
import { VOL_PARAMS, volSurface } from './vol-surface.ts';

describe('volSurface', () => {
  it('30-day ATM vol is 0.9 x VIX/100; default VIX 14', () => {
    expect(volSurface(20).atm(30 / 365)).toBeCloseTo(0.18, 6);
    expect(volSurface().atm(30 / 365)).toBeCloseTo((VOL_PARAMS.vixToAtm * 14) / 100, 6);
  });

  it('term structure: contango when VIX is low, inverted when high', () => {
    const calm = volSurface(13);
    expect(calm.atm(7 / 365)).toBeLessThan(calm.atm(30 / 365));
    expect(calm.atm(30 / 365)).toBeLessThan(calm.atm(1));
    const stressed = volSurface(40);
    expect(stressed.atm(7 / 365)).toBeGreaterThan(stressed.atm(30 / 365));
    expect(stressed.atm(30 / 365)).toBeGreaterThan(stressed.atm(1));
  });

  it('put skew: 1M 25-delta-ish risk reversal of a few vol points, smile floor holds', () => {
    const s = volSurface(14);
    const T = 30 / 365;
    const a = s.atm(T);
    const sd = a * Math.sqrt(T);
    const rr = s.vol(100 * Math.exp(-0.67 * sd), 100, T) - s.vol(100 * Math.exp(0.67 * sd), 100, T);
    expect(rr).toBeGreaterThan(0.03);
    expect(rr).toBeLessThan(0.06);
    for (const z of [-4, -2, -1, 0, 1, 2, 4, 8])
      expect(s.vol(100 * Math.exp(z * sd), 100, T)).toBeGreaterThanOrEqual(a * VOL_PARAMS.floorMultiple - 1e-12);
    expect(() => volSurface(0)).toThrow(RangeError);
  });
});
