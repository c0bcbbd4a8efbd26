import type { Heatmap, SectorBar, SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { toFixedOrDash } from '../../../lib/format.ts';

// Pure functions from the API payload to nivo props and chart data tables; the charts stay dumb.

export interface HeatmapCell {
  x: string;
  y: number | null;
}
export interface HeatmapRow {
  id: string;
  data: HeatmapCell[];
}

export interface SectorBarDatum {
  [key: string]: string | number;
  sector: string;
}

/** Rows by date, one column per sector: the line chart's numbers in a readable shape. */
export function lineTable(line: SectorPerformance['line_data']): ChartTableData {
  return {
    rowHeader: 'Date',
    columns: line.series.map((s) => s.name),
    rows: line.index.map((date, i) => ({
      key: date,
      label: date,
      cells: line.series.map((s) => toFixedOrDash(s.returns[i])),
    })),
  };
}

/** Value at (x index, y index) from the [x, y, value] triples; missing cells are null. */
export function heatmapMatrix(heatmap: Heatmap): (number | null)[][] {
  const matrix = heatmap.y.map(() => heatmap.x.map((): number | null => null));
  for (const [xi, yi, value] of heatmap.returns_data) {
    const row = matrix[yi];
    if (row && xi >= 0 && xi < row.length) row[xi] = value;
  }
  return matrix;
}

/** nivo HeatMap rows: one per sector (y), cells in x order. */
export function toHeatmapRows(heatmap: Heatmap): HeatmapRow[] {
  const matrix = heatmapMatrix(heatmap);
  return heatmap.y.map((sector, yi) => ({
    id: sector,
    data: heatmap.x.map((x, xi) => ({ x, y: matrix[yi]?.[xi] ?? null })),
  }));
}

/** One row per sector, cells in x order with toFixed(2); `extra` adds trailing columns. */
export function heatmapTable(
  heatmap: Heatmap,
  options: { testId?: string; rowTestId?: string; extra?: { header: string; values: readonly string[] } } = {},
): ChartTableData {
  const matrix = heatmapMatrix(heatmap);
  const { extra } = options;
  return {
    rowHeader: 'Sector',
    columns: extra ? [...heatmap.x, extra.header] : [...heatmap.x],
    rows: heatmap.y.map((sector, yi) => {
      const cells = (matrix[yi] ?? []).map((v) => toFixedOrDash(v));
      return { key: sector, label: sector, cells: extra ? [...cells, extra.values[yi] ?? '-'] : cells };
    }),
    testId: options.testId,
    rowTestId: options.rowTestId,
  };
}

/** A sector's single value: the API splits it into positive and negative series (the other is 0). */
export function barValue(bar: SectorBar, i: number): number | null {
  const p = bar.positive[i] ?? null;
  const n = bar.negative[i] ?? null;
  if (p === null && n === null) return null;
  return (p ?? 0) + (n ?? 0);
}

/**
 * nivo draws horizontal bars bottom-up, so the list is reversed to keep the API's order
 * (best first) from the top. Null values get no bar at all.
 */
export function toBarData(bar: SectorBar): SectorBarDatum[] {
  return bar.index
    .map((sector, i): SectorBarDatum => {
      const value = barValue(bar, i);
      if (value === null) return { sector };
      return value >= 0 ? { sector, positive: value } : { sector, negative: value };
    })
    .reverse();
}

export function barTable(bar: SectorBar, periodLabel: string): ChartTableData {
  return {
    rowHeader: 'Sector',
    columns: [`${periodLabel} %`],
    rows: bar.index.map((sector, i) => ({ key: sector, label: sector, cells: [toFixedOrDash(barValue(bar, i))] })),
  };
}

/** "2015-11" -> "Nov 2015"; anything else is shown as received. */
export function formatSince(since: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(since);
  if (!match) return since;
  const month = new Date(Date.UTC(2000, Number(match[2]) - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    timeZone: 'UTC',
  });
  return `${month} ${match[1]}`;
}

/** Sectors whose seasonality history starts later than the earliest one. */
export function lateStarters(seasonality: SectorPerformance['seasonality_data']): { sector: string; since: string }[] {
  const known = seasonality.since.filter((s) => s !== '');
  if (known.length === 0) return [];
  const earliest = known.toSorted()[0]!;
  return seasonality.y
    .map((sector, i) => ({ sector, since: seasonality.since[i] ?? '' }))
    .filter((s) => s.since !== '' && s.since > earliest);
}
