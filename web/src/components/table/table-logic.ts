import type { ReactNode } from 'react';
import { BREAKPOINTS } from '@tapewatch/shared/constants';

export type SortDirection = 'asc' | 'desc';
export type CellValue = string | number | null | undefined;

export interface ColumnDef<Row> {
  id: string;
  header: string;
  /** Raw value used for sorting. */
  value: (row: Row) => CellValue;
  /** Displayed text (also what the column filter matches); defaults to the raw value as text. */
  format?: (row: Row) => string;
  /** Direction of the first click on this column (e.g. time columns start descending). */
  firstDirection?: SortDirection;
  /** 1 always shown, 2 hidden under 1250 px, 3 hidden under 1600 px. */
  tier?: 1 | 2 | 3;
  /** Extra per-column rule: hidden when the viewport is narrower than this. */
  hideBelow?: number;
  align?: 'left' | 'right' | 'center';
  filterable?: boolean;
  sortable?: boolean;
  /** Cell content when it is more than text (e.g. a ticker with its watchlist star); sorting, filters and CSV still use value/format. */
  render?: (row: Row) => ReactNode;
}

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export function displayText<Row>(column: ColumnDef<Row>, row: Row): string {
  if (column.format) return column.format(row);
  const value = column.value(row);
  return value === null || value === undefined ? '' : String(value);
}

export function isColumnVisible<Row>(column: ColumnDef<Row>, viewportWidth: number): boolean {
  const tier = column.tier ?? 1;
  if (tier === 2 && viewportWidth < BREAKPOINTS.tierWide) return false;
  if (tier === 3 && viewportWidth < BREAKPOINTS.tierWidest) return false;
  return column.hideBelow === undefined || viewportWidth >= column.hideBelow;
}

/** First click on a column uses its first direction (ascending unless set); later clicks toggle. */
export function nextSort<Row>(current: SortState | null, column: ColumnDef<Row>): SortState {
  if (current?.columnId === column.id) {
    return { columnId: column.id, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { columnId: column.id, direction: column.firstDirection ?? 'asc' };
}

function compareValues(a: CellValue, b: CellValue): number {
  const aMissing = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bMissing = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/** Stable sort; missing values always go last, whichever the direction. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly ColumnDef<Row>[], sort: SortState | null): Row[] {
  const column = sort && columns.find((c) => c.id === sort.columnId);
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((x, y) => {
      const xMissing = x.value === null || x.value === undefined;
      const yMissing = y.value === null || y.value === undefined;
      if (xMissing !== yMissing) return xMissing ? 1 : -1;
      return sign * compareValues(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** Case-insensitive substring match on each filtered column's displayed text. */
export function filterRows<Row>(
  rows: readonly Row[],
  columns: readonly ColumnDef<Row>[],
  filters: Readonly<Record<string, string>>,
): Row[] {
  const active = columns
    .map((column) => ({ column, needle: (filters[column.id] ?? '').trim().toLowerCase() }))
    .filter((f) => f.needle !== '');
  if (active.length === 0) return [...rows];
  return rows.filter((row) =>
    active.every(({ column, needle }) => displayText(column, row).toLowerCase().includes(needle)),
  );
}
