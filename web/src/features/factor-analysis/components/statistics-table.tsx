import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StatisticsView } from '../utils/reshape.ts';

/** Statistics per horizon (columns) and statistic (rows). */
export function StatisticsTable({ view }: { view: StatisticsView }) {
  return (
    <TableContainer>
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
