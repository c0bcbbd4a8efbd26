import { useMemo, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import type { CsvColumn } from '@tapewatch/shared/api/csv-columns';
import { downloadCsv, toCsv } from './csv-export.ts';
import { useViewportWidth } from '../../lib/use-viewport.ts';
import {
  displayText,
  filterRows,
  isColumnVisible,
  nextSort,
  sortRows,
  type ColumnDef,
  type SortState,
} from './table-logic.ts';

export type { ColumnDef, SortState } from './table-logic.ts';

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly ColumnDef<Row>[];
  pageSize: number;
  getRowKey: (row: Row, index: number) => string;
  defaultSort?: SortState;
  onRowClick?: (row: Row) => void;
  /** Fill the last page with blank rows so the table keeps its height. */
  padRows?: boolean;
  /** Show the per-column filter inputs. */
  filterable?: boolean;
  ariaLabel?: string;
  size?: 'small' | 'medium';
  /** Shows a "Download CSV" button exporting the filtered, sorted rows under this file name. */
  csvFileName?: string;
  /**
   * The export's columns when the API serves the same table as CSV (shared/api/csv-columns.ts), so
   * the page's file and `?format=csv` have the same columns; else the table's own columns.
   */
  csvColumns?: readonly CsvColumn<Row>[];
  /** Rows to mark (tinted, data-marked), e.g. those of a ticker the page highlights. */
  isRowMarked?: (row: Row) => boolean;
}

export function DataTable<Row>({
  rows,
  columns,
  pageSize,
  getRowKey,
  defaultSort,
  onRowClick,
  padRows = false,
  filterable = true,
  ariaLabel,
  size = 'small',
  csvFileName,
  csvColumns,
  isRowMarked,
}: DataTableProps<Row>) {
  const width = useViewportWidth();
  const [sort, setSort] = useState<SortState | null>(defaultSort ?? null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState(1);
  // A new dataset starts again on page 1 (reset during render, not in an effect, to avoid a flash).
  const [seenRows, setSeenRows] = useState(rows);
  if (seenRows !== rows) {
    setSeenRows(rows);
    setPage(1);
  }

  const visible = columns.filter((c) => isColumnVisible(c, width));
  const processed = useMemo(
    () => sortRows(filterRows(rows, columns, filters), columns, sort),
    [rows, columns, filters, sort],
  );
  const pageCount = Math.max(1, Math.ceil(processed.length / pageSize));
  const current = Math.min(page, pageCount);
  const pageRows = processed.slice((current - 1) * pageSize, current * pageSize);
  const blankRows = padRows ? pageSize - pageRows.length : 0;

  const setFilter = (id: string, text: string) => {
    setFilters((f) => ({ ...f, [id]: text }));
    setPage(1);
  };
  const onRowKey = (event: KeyboardEvent, row: Row) => {
    if (onRowClick && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onRowClick(row);
    }
  };

  return (
    <Box>
      {csvFileName && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => downloadCsv(csvFileName, toCsv(processed, csvColumns ?? columns))}>
            Download CSV
          </Button>
        </Box>
      )}
      <TableContainer>
        <Table size={size} aria-label={ariaLabel}>
          <TableHead>
            <TableRow>
              {visible.map((column) => {
                const active = sort?.columnId === column.id;
                return (
                  <TableCell
                    key={column.id}
                    align={column.align}
                    sortDirection={active ? sort.direction : false}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <TableSortLabel
                        active={active}
                        direction={active ? sort.direction : (column.firstDirection ?? 'asc')}
                        onClick={() => setSort((s) => nextSort(s, column))}
                        sx={active ? { '& .MuiTableSortLabel-icon': { color: 'primary.main !important' } } : undefined}
                      >
                        {column.header}
                      </TableSortLabel>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
            {filterable && (
              <TableRow>
                {visible.map((column) => (
                  <TableCell key={column.id} sx={{ py: 0.5 }}>
                    {column.filterable !== false && (
                      <TextField
                        variant="standard"
                        size="small"
                        placeholder="Filter"
                        value={filters[column.id] ?? ''}
                        onChange={(e) => setFilter(column.id, e.target.value)}
                        slotProps={{ htmlInput: { 'aria-label': `Filter ${column.header}` } }}
                        fullWidth
                      />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            )}
          </TableHead>
          <TableBody>
            {pageRows.map((row, index) => {
              const marked = isRowMarked?.(row) ?? false;
              return (
                <TableRow
                  key={getRowKey(row, index)}
                  selected={marked}
                  data-marked={marked || undefined}
                  hover={Boolean(onRowClick)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (e) => onRowKey(e, row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                  data-testid="data-row"
                >
                  {visible.map((column) => (
                    <TableCell key={column.id} align={column.align}>
                      {column.render ? column.render(row) : displayText(column, row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {Array.from({ length: blankRows }, (_, i) => (
              <TableRow key={`blank-${i}`} data-testid="blank-row" aria-hidden="true">
                <TableCell colSpan={visible.length}>&nbsp;</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={current}
          onChange={(_, p) => setPage(p)}
          siblingCount={1}
          boundaryCount={1}
          size="small"
          sx={{ display: 'flex', justifyContent: 'center', py: 1 }}
        />
      )}
    </Box>
  );
}
