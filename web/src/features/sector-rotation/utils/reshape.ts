import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import {
  FACTOR_LABELS,
  ROTATION_POSITIONS,
  SUPER_SECTORS,
  type RotationFactor,
  type RotationPosition,
} from '@tapewatch/shared/params/sector-rotation';
import type { RotationRow } from '@tapewatch/shared/schemas/sector-rotation';
import type { ChartTableData } from '../../../components/charts/chart-card.tsx';
import { SECTOR_LINE_COLORS } from '../../../lib/sector-labels.ts';
import type { SectorRotationData } from '../api/get-sector-rotation-data.ts';

export const COLOR_MODES = [
  { value: 'position', label: 'Position' },
  { value: 'sector', label: 'Sector' },
  { value: 'super_sector', label: 'Super Sector' },
] as const;
export type ColorMode = (typeof COLOR_MODES)[number]['value'];

export const POSITION_COLORS: Record<RotationPosition, string> = {
  Leading: '#2e9e44',
  Weakening: '#e6a700',
  Lagging: '#d64541',
  Improving: '#2f7fd8',
};
// Cyclical has its own colour (spec 2.8), distinct from the position colours.
export const SUPER_SECTOR_COLORS: Record<string, string> = {
  Cyclical: '#e8710a',
  Sensitive: '#7b4fd0',
  Defensive: '#1a9e8f',
};
const SECTOR_COLORS: Record<string, string> = Object.fromEntries(
  SECTOR_ETFS.map((s, i) => [s.sector, SECTOR_LINE_COLORS[i]!]),
);

export interface RotationPoint {
  ticker: string;
  name: string;
  x: number;
  y: number;
  group: string;
  color: string;
  tail: ReadonlyArray<readonly [number, number]>;
}

export function factorValue(row: RotationRow, factor: RotationFactor): number {
  return row[factor] ?? Number.NaN;
}

function groupOf(row: RotationRow, mode: ColorMode): string {
  return mode === 'position' ? row.position : mode === 'sector' ? row.sector : row.super_sector;
}

export function colorOf(group: string, mode: ColorMode): string {
  if (mode === 'position') return POSITION_COLORS[group as RotationPosition] ?? '#888';
  if (mode === 'super_sector') return SUPER_SECTOR_COLORS[group] ?? '#888';
  return SECTOR_COLORS[group] ?? '#888';
}

export function toPoints(data: SectorRotationData, mode: ColorMode): RotationPoint[] {
  return data.main_data
    .map((r) => ({ r, y: factorValue(r, data.factor) }))
    .filter(({ r, y }) => Number.isFinite(r.relative_strength) && Number.isFinite(y))
    .map(({ r, y }) => {
      const group = groupOf(r, mode);
      return {
        ticker: r.ticker,
        name: r.name,
        x: r.relative_strength,
        y,
        group,
        color: colorOf(group, mode),
        tail: r.tail,
      };
    });
}

/** Legend entries in a stable order, only for groups that occur. */
export function legendOf(points: readonly RotationPoint[], mode: ColorMode): Array<{ label: string; color: string }> {
  const present = new Set(points.map((p) => p.group));
  const order: readonly string[] =
    mode === 'position'
      ? ROTATION_POSITIONS
      : mode === 'super_sector'
        ? SUPER_SECTORS
        : SECTOR_ETFS.map((s) => s.sector);
  return order.filter((g) => present.has(g)).map((g) => ({ label: g, color: colorOf(g, mode) }));
}

/** A symmetric-enough domain that always shows the 100 reference line with some margin. */
/**
 * Axis range around 100 with a margin. With many points the range spans the 1st-99th percentile
 * only: one stock up 250% would otherwise squeeze the other 500 into a corner. Points beyond it are
 * pinned to the edge (see `clampTo`) and keep their real values in the tooltip and the table.
 */
export function axisDomain(values: readonly number[], always: readonly number[] = []): [number, number] {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  const trim = finite.length >= 50 ? Math.floor(finite.length * 0.01) : 0;
  const kept = [...finite.slice(trim, finite.length - trim), ...always.filter(Number.isFinite)];
  const lo = Math.min(100, ...kept);
  const hi = Math.max(100, ...kept);
  const pad = Math.max(1, (hi - lo) * 0.06);
  return [lo - pad, hi + pad];
}

/** The value pinned into [lo, hi], and whether it had to be. */
export function clampTo(value: number, [lo, hi]: readonly [number, number]): { value: number; pinned: boolean } {
  if (value < lo) return { value: lo, pinned: true };
  if (value > hi) return { value: hi, pinned: true };
  return { value, pinned: false };
}

export function pointsTable(data: SectorRotationData): ChartTableData {
  return {
    rowHeader: 'Ticker',
    columns: ['Relative Strength', FACTOR_LABELS[data.factor], 'Position'],
    rows: data.main_data.map((r) => ({
      key: r.ticker,
      label: r.ticker,
      cells: [r.relative_strength.toFixed(2), factorValue(r, data.factor).toFixed(2), r.position],
    })),
    testId: 'rotation-points-table',
    rowTestId: 'rotation-point-row',
  };
}

export const FREQ_TABLES = [
  { key: 'super_sector_freq_pct_data', title: 'Super Sector %', group: 'super_sector', pct: true },
  { key: 'super_sector_freq_data', title: 'Super Sector Frequency', group: 'super_sector', pct: false },
  { key: 'sector_freq_pct_data', title: 'Sector %', group: 'sector', pct: true },
  { key: 'sector_freq_data', title: 'Sector Frequency', group: 'sector', pct: false },
] as const;

export type FreqRow = { name: string } & Record<RotationPosition, number>;

/** The four frequency tables share one row shape: the group name and the four counts. */
export function freqRows(data: SectorRotationData, key: (typeof FREQ_TABLES)[number]['key']): FreqRow[] {
  return data[key].map((r) => ({
    name: 'sector' in r ? r.sector : r.super_sector,
    Lagging: r.Lagging,
    Improving: r.Improving,
    Weakening: r.Weakening,
    Leading: r.Leading,
  }));
}

/** Case-insensitive search over ticker, name, sector and position for the All tab. */
export function searchRows(rows: readonly RotationRow[], text: string): RotationRow[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...rows];
  return rows.filter((r) => [r.ticker, r.name, r.sector, r.position].some((v) => v.toLowerCase().includes(q)));
}
