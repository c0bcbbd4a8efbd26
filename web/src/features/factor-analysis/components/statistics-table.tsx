import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { downloadCsv, toCsv } from '../../../components/table/csv-export.ts';
import type { ColumnDef } from '../../../components/table/table-logic.ts';
import type { StatisticsView } from '../utils/reshape.ts';

type StatRow = StatisticsView['rows'][number];

/** The table as CSV, one line per statistic; a blank cell (no value, e.g. a '-' profit/loss ratio) stays empty. */
export function statisticsCsv(view: StatisticsView): string {
  const columns: ColumnDef<StatRow>[] = [
    { id: 'statistic', header: 'Statistic', value: (r) => r.label },
    ...view.columns.map((c, i): ColumnDef<StatRow> => ({ id: c, header: c, value: (r) => (r.cells[i] === '' ? null : r.cells[i]!) })),
  ];
  return toCsv(view.rows, columns);
}

/**
 * Statistics per horizon (columns) and statistic (rows), with the CSV export every table has (issue 7).
 * Labelled "Export CSV" (as Latest Trades is) so it is told apart from the Past Signals table's "Download CSV".
 */
export function StatisticsTable({ view, csvFileName = 'factor-statistics' }: { view: StatisticsView; csvFileName?: string }) {
  return (
    <TableContainer>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" disabled={view.rows.length === 0} onClick={() => downloadCsv(csvFileName, statisticsCsv(view))}>
          Export CSV
        </Button>
      </Box>
      <Table size="small" aria-label="Factor statistics" data-testid="statistics-table" sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Statistic
            </TableCell>
            {view.columns.map((c) => (
              <TableCell key={c} component="th" scope="col" align="right">
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {view.rows.map((r) => (
            <TableRow key={r.key} data-testid={`stat-${r.key}`}>
              <TableCell component="th" scope="row">
                {r.label}
              </TableCell>
              {r.cells.map((c, i) => (
                <TableCell key={view.columns[i]} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
