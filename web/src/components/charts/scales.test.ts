import { describe, expect, it } from 'vitest';
import { bandScale, linePath, niceDomain, plotArea, pointScale, yScale } from './scales.ts';

describe('chart scales', () => {
  it('takes the plot out of the margins and keeps it at least 10 px', () => {
    expect(plotArea(400, 300, { top: 10, right: 20, bottom: 30, left: 40 })).toEqual({
      left: 40,
      top: 10,
      width: 340,
      height: 260,
    });
    expect(plotArea(30, 20, { top: 10, right: 20, bottom: 30, left: 40 })).toMatchObject({ width: 10, height: 10 });
  });

  it('maps values to y with the maximum at the top, and a flat domain to mid-height', () => {
    const y = yScale(-10, 30, 5, 200);
    expect(y(30)).toBe(5);
    expect(y(-10)).toBe(205);
    expect(y(10)).toBe(105);
    expect(yScale(3, 3, 5, 200)(3)).toBe(105);
  });

  it('spreads points edge to edge, one point in the middle', () => {
    const x = pointScale(5, 50, 400);
    expect([0, 2, 4].map(x)).toEqual([50, 250, 450]);
    expect(pointScale(1, 50, 400)(0)).toBe(250);
  });

  it('centres indices in equal slots', () => {
    const band = bandScale(4, 10, 200);
    expect(band.step).toBe(50);
    expect([0, 3].map(band.at)).toEqual([35, 185]);
    expect(bandScale(0, 10, 200).step).toBe(200);
  });

  it('gives round ticks inside an axis range that holds the data', () => {
    const d = niceDomain(-3, 47, 5);
    expect(d.ticks).toEqual([0, 10, 20, 30, 40]);
    expect([d.min, d.max]).toEqual([-3, 47]);
    const e = niceDomain(0.5, 9.5, 2);
    expect(e.ticks).toEqual([5]);
    expect([e.min, e.max]).toEqual([0.5, 9.5]);
    expect(niceDomain(-0.2, 0.9, 5)).toMatchObject({ min: -0.2, max: 0.9 });
    expect(niceDomain(12, 12, 5)).toEqual({ ticks: [12], min: 12, max: 12 });
  });

  it('draws a line that lifts the pen at nulls and missing values', () => {
    const x = (i: number) => i * 10;
    const y = (v: number) => 100 - v;
    expect(linePath([1, 2], x, y)).toBe('M0.0,99.0L10.0,98.0');
    expect(linePath([1, null, 3, 4, undefined, 6], x, y)).toBe('M0.0,99.0M20.0,97.0L30.0,96.0M50.0,94.0');
    expect(linePath([null, null], x, y)).toBe('');
  });
});
