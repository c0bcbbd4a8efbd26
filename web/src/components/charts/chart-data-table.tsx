import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** The numbers behind a chart, for screen readers and end-to-end checks. */
export interface ChartTableData {
  /** Header of the row-label column, e.g. "Sector". */
  rowHeader: string;
  columns: readonly string[];
  rows: ReadonlyArray<{ key: string; label: string; cells: readonly string[] }>;
  testId?: string;
  rowTestId?: string;
}

export function ChartDataTable({ data, caption }: { data: ChartTableData; caption: string }) {
  return (
    <TableContainer sx={{ maxHeight: 420, mt: 1 }}>
      <Table size="small" stickyHeader aria-label={`${caption} data`} data-testid={data.testId}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {data.rowHeader}
            </TableCell>
            {data.columns.map((column) => (
              <TableCell key={column} component="th" scope="col" align="right">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={row.key} data-testid={data.rowTestId}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              {row.cells.map((cell, i) => (
                <TableCell key={data.columns[i] ?? i} align="right">
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
