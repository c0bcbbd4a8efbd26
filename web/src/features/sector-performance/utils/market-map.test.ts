import { describe, expect, it } from 'vitest';
import type { McHeatmapRow } from '@tapewatch/shared/schemas/sector-rotation';
import { formatCap, layoutMarketMap, marketMapTable } from './market-map.ts';

const row = (ticker: string, sector: string, cap: number, change = 0): McHeatmapRow => ({
  ticker,
  company: `${ticker} Inc`,
  sector,
  market_cap: cap,
  change_pct: change,
});

describe('market map layout', () => {
  const rows = [row('A', 'Energy', 300), row('B', 'Energy', 100), row('C', 'Utilities', 600), row('D', 'Utilities', 0)];
  const out = layoutMarketMap(rows, { x: 0, y: 0, w: 400, h: 250 });

  it('sizes sectors by their total market cap', () => {
    const area = (s: { w: number; h: number }) => s.w * s.h;
    const energy = out.sectors.find((s) => s.data.sector === 'Energy')!;
    const util = out.sectors.find((s) => s.data.sector === 'Utilities')!;
    expect(area(energy) / (400 * 250)).toBeCloseTo(0.4, 9);
    expect(area(util) / (400 * 250)).toBeCloseTo(0.6, 9);
  });

  it('places each stock inside its sector box, in proportion, and drops zero caps', () => {
    expect(out.stocks.map((s) => s.data.ticker).sort()).toEqual(['A', 'B', 'C']);
    const energy = out.sectors.find((s) => s.data.sector === 'Energy')!;
    const a = out.stocks.find((s) => s.data.ticker === 'A')!;
    const b = out.stocks.find((s) => s.data.ticker === 'B')!;
    expect((a.w * a.h) / (b.w * b.h)).toBeCloseTo(3, 6);
    for (const s of [a, b]) {
      expect(s.x).toBeGreaterThanOrEqual(energy.x);
      expect(s.y).toBeGreaterThanOrEqual(energy.y);
      expect(s.x + s.w).toBeLessThanOrEqual(energy.x + energy.w + 1e-9);
      expect(s.y + s.h).toBeLessThanOrEqual(energy.y + energy.h + 1e-9);
    }
  });

  it('tabulates caps compactly and changes with two decimals', () => {
    expect(formatCap(2.614e12)).toBe('$2.61T');
    expect(formatCap(45.04e9)).toBe('$45.0B');
    expect(formatCap(512e6)).toBe('$512M');
    expect(marketMapTable([row('X', 'Energy', 3e9, -1.234)]).rows[0]!.cells).toEqual([
      'X Inc',
      'Energy',
      '$3.0B',
      '-1.23',
    ]);
  });
});
