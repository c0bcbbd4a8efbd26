import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableContainer from '@mui/material/TableContainer';
import { downloadCsv, toCsv } from '../../../components/table/csv-export.ts';
import type { ColumnDef } from '../../../components/table/table-logic.ts';
import type { StatisticsView } from '../utils/reshape.ts';
import { StatGrid } from './stat-grid.tsx';

type StatRow = StatisticsView['rows'][number];

/** The table as CSV, one line per statistic; a blank cell (no value, e.g. a '-' profit/loss ratio) stays empty. */
export function statisticsCsv(view: StatisticsView): string {
  const columns: ColumnDef<StatRow>[] = [
    { id: 'statistic', header: 'Statistic', value: (r) => r.label },
    ...view.columns.map(
      (c, i): ColumnDef<StatRow> => ({ id: c, header: c, value: (r) => (r.cells[i] === '' ? null : r.cells[i]!) }),
    ),
  ];
  return toCsv(view.rows, columns);
}

/**
 * Statistics per horizon (columns) and statistic (rows), with the CSV export every table has (issue 7).
 * Labelled "Export CSV" (as Latest Trades is) so it is told apart from the Past Signals table's "Download CSV".
 */
export function StatisticsTable({
  view,
  csvFileName = 'factor-statistics',
}: {
  view: StatisticsView;
  csvFileName?: string;
}) {
  return (
    <TableContainer>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          disabled={view.rows.length === 0}
          onClick={() => downloadCsv(csvFileName, statisticsCsv(view))}
        >
          Export CSV
        </Button>
      </Box>
      <StatGrid view={view} ariaLabel="Factor statistics" testId="statistics-table" rowTestId={(k) => `stat-${k}`} />
    </TableContainer>
  );
}
