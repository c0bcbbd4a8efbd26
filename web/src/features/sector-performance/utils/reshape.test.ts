import { describe, expect, it } from 'vitest';
import type { SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import fixture from '../test/sector-performance.fixture.json' with { type: 'json' };
import {
  barTable,
  barValue,
  formatSince,
  heatmapTable,
  lateStarters,
  lineTable,
  toBarData,
  toHeatmapRows,
} from './reshape.ts';

const payload = fixture as SectorPerformance;

describe('lineTable', () => {
  it('lists one row per date with a column per sector of the real payload', () => {
    const table = lineTable(payload.line_data);
    expect(table.columns).toHaveLength(11);
    expect(table.rows).toHaveLength(payload.line_data.index.length);
    expect(table.rows.at(-1)?.cells[0]).toBe(payload.line_data.series[0]!.returns.at(-1)!.toFixed(2));
  });

  it('shows gaps as a dash', () => {
    const table = lineTable({ index: ['2024-03-07'], series: [{ name: 'Energy', ticker: 'XLE', returns: [null] }] });
    expect(table.rows).toEqual([{ key: '2024-03-07', label: '2024-03-07', cells: ['-'] }]);
  });
});

describe('heatmaps', () => {
  const small = {
    x: ['1W', '1M'],
    y: ['Energy', 'Utilities'],
    returns_data: [
      [1, 0, 2.345],
      [0, 0, -1],
      [0, 1, null],
    ] as [number, number, number | null][],
  };

  it('places [x, y, value] triples in sector rows, in x order, filling gaps with null', () => {
    expect(toHeatmapRows(small)).toEqual([
      {
        id: 'Energy',
        data: [
          { x: '1W', y: -1 },
          { x: '1M', y: 2.345 },
        ],
      },
      {
        id: 'Utilities',
        data: [
          { x: '1W', y: null },
          { x: '1M', y: null },
        ],
      },
    ]);
  });

  it('lists values per sector with toFixed(2) and optional extra column', () => {
    const table = heatmapTable(small, {
      testId: 't',
      rowTestId: 'r',
      extra: { header: 'Since', values: ['Jan 2004', 'Nov 2015'] },
    });
    expect(table.columns).toEqual(['1W', '1M', 'Since']);
    expect(table.rows).toEqual([
      { key: 'Energy', label: 'Energy', cells: ['-1.00', '2.35', 'Jan 2004'] },
      { key: 'Utilities', label: 'Utilities', cells: ['-', '-', 'Nov 2015'] },
    ]);
    expect([table.testId, table.rowTestId]).toEqual(['t', 'r']);
  });

  it('matches the real performance heatmap triples', () => {
    const rows = toHeatmapRows(payload.heatmap_data);
    expect(rows.map((r) => r.id)).toEqual(payload.heatmap_data.y);
    for (const [xi, yi, v] of payload.heatmap_data.returns_data) {
      expect(rows[yi]!.data[xi]).toEqual({ x: payload.heatmap_data.x[xi], y: v });
    }
  });
});

describe('bars', () => {
  const bar = { index: ['Energy', 'Materials', 'Utilities'], positive: [3.2, 0, null], negative: [0, -1.25, null] };

  it('merges positive and negative into one value', () => {
    expect([0, 1, 2].map((i) => barValue(bar, i))).toEqual([3.2, -1.25, null]);
  });

  it('keeps the best sector on top (nivo draws bottom-up) with no bar for missing values', () => {
    expect(toBarData(bar)).toEqual([
      { sector: 'Utilities' },
      { sector: 'Materials', negative: -1.25 },
      { sector: 'Energy', positive: 3.2 },
    ]);
  });

  it('tabulates per sector with 2 decimals', () => {
    expect(barTable(bar, '1 Week').rows.map((r) => [r.label, ...r.cells])).toEqual([
      ['Energy', '3.20'],
      ['Materials', '-1.25'],
      ['Utilities', '-'],
    ]);
  });
});

describe('seasonality since', () => {
  it('formats months and finds the late starters of the real payload', () => {
    expect(formatSince('2015-11')).toBe('Nov 2015');
    expect(formatSince('n/a')).toBe('n/a');
    expect(lateStarters(payload.seasonality_data)).toEqual([
      { sector: 'Communication Services', since: '2018-07' },
      { sector: 'Real Estate', since: '2015-11' },
    ]);
  });
});
