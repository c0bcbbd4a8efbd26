import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hashNormal,
  hashString,
  hashUnit,
  mulberry32,
  normal,
  rngFrom,
  seedFrom,
  smoothNoise,
  stationaryAr1,
  studentT,
  unitStudentT,
} from './seeded-random.ts';

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const variance = (xs: number[]): number => {
  const m = mean(xs);
  return mean(xs.map((x) => (x - m) ** 2));
};
const lag1 = (xs: number[]): number => {
  const m = mean(xs);
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i += 1) {
    den += ((xs[i] ?? 0) - m) ** 2;
    if (i > 0) num += ((xs[i] ?? 0) - m) * ((xs[i - 1] ?? 0) - m);
  }
  return num / den;
};

describe('prng', () => {
  it('mulberry32 is deterministic and in [0,1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mean(xs)).toBeCloseTo(0.5, 1);
  });

  it('seedFrom, hashUnit and hashNormal give what the joined-string definitions give (no generated number moves)', () => {
    const part = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.integer(), fc.double({ noNaN: true }));
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), (parts) => {
        const seed = hashString(parts.map(String).join('|'));
        expect(seedFrom(...parts)).toBe(seed);
        expect(hashUnit(...parts)).toBe(mulberry32(seed)());
        expect(hashNormal(...parts)).toBe(normal(rngFrom(...parts)));
      }),
      { numRuns: 500 },
    );
    // A known value, so a change of the definition itself fails here too.
    expect(seedFrom(42, 'quote', 'SPY240315C00510000', '2024-03-08')).toBe(
      hashString('42|quote|SPY240315C00510000|2024-03-08'),
    );
  });

  it('seedFrom separates parts and differs by input', () => {
    expect(seedFrom('ab', 'c')).not.toBe(seedFrom('a', 'bc'));
    expect(seedFrom(1, 'SPY', '2024-03-08')).toBe(seedFrom(1, 'SPY', '2024-03-08'));
    expect(hashString('SPY')).not.toBe(hashString('SPY', 1));
  });

  it('normal, studentT draws have the right moments', () => {
    const rng = rngFrom('moments');
    const z = Array.from({ length: 20_000 }, () => normal(rng));
    expect(Math.abs(mean(z))).toBeLessThan(0.03);
    expect(variance(z)).toBeCloseTo(1, 1);
    const t = Array.from({ length: 20_000 }, () => unitStudentT(rng, 5));
    expect(variance(t)).toBeGreaterThan(0.85);
    expect(variance(t)).toBeLessThan(1.15);
    // Fat tails: more mass beyond 3 sd than a normal's 0.27%.
    expect(t.filter((x) => Math.abs(x) > 3).length / t.length).toBeGreaterThan(0.004);
    expect(() => studentT(rng, 0)).toThrow(RangeError);
  });

  it('stationaryAr1 has the requested sd and lag-1 autocorrelation, with no running state', () => {
    const xs = Array.from({ length: 3000 }, (_, t) => stationaryAr1('ar-test', t, 0.8, 0.3));
    expect(Math.sqrt(variance(xs))).toBeGreaterThan(0.25);
    expect(Math.sqrt(variance(xs))).toBeLessThan(0.35);
    expect(lag1(xs)).toBeGreaterThan(0.74);
    expect(lag1(xs)).toBeLessThan(0.86);
    expect(stationaryAr1('ar-test', 1234, 0.8, 0.3)).toBe(xs[1234]);
  });

  it('smoothNoise moves little between neighbouring steps', () => {
    const xs = Array.from({ length: 500 }, (_, t) => smoothNoise('drift', t, 10));
    const steps = xs.slice(1).map((x, i) => Math.abs(x - (xs[i] ?? 0)));
    expect(Math.max(...steps)).toBeLessThan(0.8);
    expect(Math.sqrt(variance(xs))).toBeGreaterThan(0.6);
  });

  it('hashUnit is a pure function of its parts (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.string(), (seed, key) => {
        const u = hashUnit(seed, key);
        return u === hashUnit(seed, key) && u >= 0 && u < 1;
      }),
    );
  });
});
