import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { squarify } from './treemap.ts';

describe('squarify', () => {
  it('lays out the classic example (6,6,4,3,2,2,1 in 6x4) with areas equal to the values', () => {
    const values = [6, 6, 4, 3, 2, 2, 1];
    const out = squarify(
      values.map((v, i) => ({ value: v, data: i })),
      { x: 0, y: 0, w: 6, h: 4 },
    );
    expect(out).toHaveLength(7);
    out.forEach((r) => expect(r.w * r.h).toBeCloseTo(values[r.data]!, 9));
    // The first two (6 and 6) stack in a 3-wide column on the left.
    expect(out[0]).toMatchObject({ x: 0, y: 0, w: 3, h: 2 });
    expect(out[1]).toMatchObject({ x: 0, y: 2, w: 3, h: 2 });
  });

  it('drops non-positive values', () => {
    expect(
      squarify(
        [
          { value: 0, data: 'a' },
          { value: -1, data: 'b' },
        ],
        { x: 0, y: 0, w: 10, h: 10 },
      ),
    ).toEqual([]);
  });

  it('tiles the rectangle: areas proportional, inside the bounds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1000, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (values) => {
          const rect = { x: 5, y: 7, w: 300, h: 200 };
          const out = squarify(
            values.map((v, i) => ({ value: v, data: i })),
            rect,
          );
          const total = values.reduce((a, b) => a + b, 0);
          const area = out.reduce((s, r) => s + r.w * r.h, 0);
          expect(area).toBeCloseTo(rect.w * rect.h, 3);
          for (const r of out) {
            expect(r.w * r.h).toBeCloseTo((values[r.data]! / total) * rect.w * rect.h, 3);
            expect(r.x).toBeGreaterThanOrEqual(rect.x - 1e-6);
            expect(r.y).toBeGreaterThanOrEqual(rect.y - 1e-6);
            expect(r.x + r.w).toBeLessThanOrEqual(rect.x + rect.w + 1e-6);
            expect(r.y + r.h).toBeLessThanOrEqual(rect.y + rect.h + 1e-6);
          }
        },
      ),
    );
  });
});
