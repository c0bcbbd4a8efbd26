import { describe, expect, it } from 'vitest';
import type { SectorRotationData } from '../api/get-sector-rotation-data.ts';
import fixture from '../test/rotation-sp500-12.fixture.json' with { type: 'json' };
import {
  axisDomain,
  clampTo,
  freqRows,
  legendOf,
  pointsTable,
  POSITION_COLORS,
  searchRows,
  SUPER_SECTOR_COLORS,
  toPoints,
} from './reshape.ts';

const data = fixture as SectorRotationData;

describe('sector rotation reshaping', () => {
  it('plots relative strength against the chosen factor, coloured by position', () => {
    const pts = toPoints(data, 'position');
    expect(pts).toHaveLength(data.main_data.length);
    const a = data.main_data[0]!;
    expect(pts[0]).toMatchObject({
      ticker: a.ticker,
      x: a.relative_strength,
      y: a.rate_of_change,
      group: a.position,
      color: POSITION_COLORS[a.position],
    });
    expect(pts[0]!.tail).toEqual(a.tail);
  });

  it('colours by super sector with Cyclical in its own colour, legend in a fixed order', () => {
    const pts = toPoints(data, 'super_sector');
    const cyc = pts.find((p) => p.group === 'Cyclical')!;
    expect(cyc.color).toBe(SUPER_SECTOR_COLORS.Cyclical);
    expect(new Set(Object.values(SUPER_SECTOR_COLORS)).size).toBe(3);
    expect(legendOf(pts, 'super_sector').map((l) => l.label)).toEqual(['Cyclical', 'Sensitive', 'Defensive']);
    const sectors = legendOf(toPoints(data, 'sector'), 'sector');
    expect(new Set(sectors.map((s) => s.color)).size).toBe(sectors.length);
  });

  it('always shows the 100 lines with a margin', () => {
    const [lo, hi] = axisDomain([101, 110]);
    expect(lo).toBeLessThan(100);
    expect(hi).toBeGreaterThan(110);
    expect(axisDomain([])).toEqual([99, 101]);
  });

  it('with many points spans the 1st-99th percentile, keeps tails in view, and pins outliers', () => {
    const cloud = Array.from({ length: 200 }, (_, i) => 90 + i / 10); // 90 .. 109.9
    const [lo, hi] = axisDomain([...cloud, 350, 10]);
    expect(hi).toBeLessThan(115);
    expect(lo).toBeGreaterThan(85);
    expect(axisDomain([...cloud, 350], [130])[1]).toBeGreaterThan(130);
    expect(clampTo(350, [lo, hi])).toEqual({ value: hi, pinned: true });
    expect(clampTo(100, [lo, hi])).toEqual({ value: 100, pinned: false });
  });

  it('tabulates the chart with two decimals and the factor label', () => {
    const t = pointsTable(data);
    expect(t.columns).toEqual(['Relative Strength', 'Relative Momentum', 'Position']);
    const a = data.main_data[0]!;
    expect(t.rows[0]).toEqual({
      key: a.ticker,
      label: a.ticker,
      cells: [a.relative_strength.toFixed(2), a.rate_of_change!.toFixed(2), a.position],
    });
  });

  it('reads the four frequency tables into one row shape', () => {
    expect(freqRows(data, 'super_sector_freq_data')[0]).toEqual({
      name: 'Cyclical',
      ...pick(data.super_sector_freq_data[0]!),
    });
    expect(freqRows(data, 'sector_freq_pct_data')[0]!.name).toBe(data.sector_freq_pct_data[0]!.sector);
  });

  it('searches ticker, name, sector and position case-insensitively', () => {
    expect(searchRows(data.main_data, 'aapl').map((r) => r.ticker)).toEqual(['AAPL']);
    expect(searchRows(data.main_data, 'health care').every((r) => r.sector === 'Health Care')).toBe(true);
    expect(searchRows(data.main_data, '  ')).toHaveLength(data.main_data.length);
  });
});

function pick(r: { Lagging: number; Improving: number; Weakening: number; Leading: number }) {
  return { Lagging: r.Lagging, Improving: r.Improving, Weakening: r.Weakening, Leading: r.Leading };
}
