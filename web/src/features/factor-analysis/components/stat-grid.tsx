import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface StatGridView {
  columns: readonly string[];
  rows: readonly { key: string; label: string; cells: readonly string[] }[];
}

/** A statistic per row (row header) and a number per column: the Statistics table and the comparison panel. */
export function StatGrid({
  view,
  ariaLabel,
  testId,
  rowTestId,
}: {
  view: StatGridView;
  ariaLabel: string;
  testId: string;
  rowTestId: (key: string) => string;
}) {
  return (
    <Table
      size="small"
      aria-label={ariaLabel}
      data-testid={testId}
      sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}
    >
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
          <TableRow key={r.key} data-testid={rowTestId(r.key)}>
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
  );
}
