import { describe, expect, it } from 'vitest';
import { interpolateRdYlGn, quantizedColor, quantizedSequential, readableTextColor } from './color-scale.ts';

describe('color scale', () => {
  it('runs from red through yellow to green', () => {
    expect(interpolateRdYlGn(0)).toBe('#a50026');
    expect(interpolateRdYlGn(0.5)).toBe('#ffffbf');
    expect(interpolateRdYlGn(1)).toBe('#006837');
  });

  it('has exactly 30 colours over -10..10 and caps values beyond the range', () => {
    const colours = new Set<string>();
    for (let v = -10; v <= 10; v += 0.05) colours.add(quantizedColor(v, -10, 10, 30));
    expect(colours.size).toBe(30);
    expect(quantizedColor(-55, -10, 10, 30)).toBe(quantizedColor(-10, -10, 10, 30));
    expect(quantizedColor(48, -10, 10, 30)).toBe(quantizedColor(9.99, -10, 10, 30));
  });

  it('keeps the sign visible: losses red-ish, gains green-ish', () => {
    const [r1, g1] = [1, 3].map((i) => Number.parseInt(quantizedColor(-1.5, -2, 2, 30).slice(i, i + 2), 16));
    const [r2, g2] = [1, 3].map((i) => Number.parseInt(quantizedColor(1.5, -2, 2, 30).slice(i, i + 2), 16));
    expect(r1!).toBeGreaterThan(g1!);
    expect(g2!).toBeGreaterThan(r2!);
  });

  it('picks readable label colours', () => {
    expect(readableTextColor('#a50026')).toBe('#ffffff');
    expect(readableTextColor('#ffffbf')).toBe('#111111');
  });
});

describe('quantizedSequential', () => {
  it('runs from the lightest to the darkest blue and clamps beyond the range', () => {
    expect(quantizedSequential(-1, 0, 8, 8)).toBe(quantizedSequential(0, 0, 8, 8));
    expect(quantizedSequential(20, 0, 8, 8)).toBe(quantizedSequential(7.99, 0, 8, 8));
    const lum = (hex: string) => [1, 3, 5].reduce((s, i) => s + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    expect(lum(quantizedSequential(0.5, 0, 8, 8))).toBeGreaterThan(lum(quantizedSequential(4, 0, 8, 8)));
    expect(lum(quantizedSequential(4, 0, 8, 8))).toBeGreaterThan(lum(quantizedSequential(7.5, 0, 8, 8)));
  });

  it('on a dark page runs the other way: rare cells dark, dense cells light', () => {
    const lum = (hex: string) => [1, 3, 5].reduce((s, i) => s + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    expect(lum(quantizedSequential(0.5, 0, 8, 8, true))).toBeLessThan(lum(quantizedSequential(4, 0, 8, 8, true)));
    expect(quantizedSequential(0.5, 0, 8, 8, true)).toBe(quantizedSequential(7.5, 0, 8, 8));
  });
});
