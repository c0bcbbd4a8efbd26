import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/format.ts';
import type { VolatilityDataResponse } from '../api/get-volatility-data.ts';

export function ExpectedMoveTable({ data }: { data: VolatilityDataResponse }) {
  return (
    <Box component="section" aria-labelledby="expected-move-title">
      <Typography id="expected-move-title" variant="h2" gutterBottom>
        Expected Move per Expiration
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {data.expected_move_rule}
      </Typography>
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Expected move table">
        <Table size="small" data-testid="expected-move-table" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Expiration</TableCell>
              <TableCell align="right">DTE</TableCell>
              <TableCell align="right">ATM strike</TableCell>
              <TableCell align="right">ATM IV</TableCell>
              <TableCell align="right">Straddle</TableCell>
              <TableCell align="right">Expected move</TableCell>
              <TableCell align="right">±1σ range</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.expirations.map((e) => (
              <TableRow key={e.expiration} data-testid="expected-move-row">
                <TableCell>{e.expiration}</TableCell>
                <TableCell align="right">{e.dte}</TableCell>
                <TableCell align="right">{formatNumber(e.atm_strike, 2)}</TableCell>
                <TableCell align="right">{e.atm_iv === null ? '-' : `${formatNumber(e.atm_iv * 100, 1)}%`}</TableCell>
                <TableCell align="right">{formatNumber(e.straddle, 2)}</TableCell>
                <TableCell align="right">
                  {e.expected_move === null
                    ? '-'
                    : `±${formatNumber(e.expected_move, 2)} (${formatNumber((e.expected_move / data.underlying_price) * 100, 1)}%)`}
                </TableCell>
                <TableCell align="right">
                  {formatNumber(e.range_low, 2)} – {formatNumber(e.range_high, 2)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
