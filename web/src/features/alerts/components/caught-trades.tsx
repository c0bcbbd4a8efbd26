import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { Link as RouterLink } from 'react-router';
import { ContractLink } from '../../../components/flow/contract-link.tsx';

const premium = (k: number) => (k >= 1000 ? `$${(k / 1000).toFixed(2)}M` : `$${k.toFixed(0)}K`);

/** Trades with their links to the Ticker Overview and the contract's page (the backtest's first 100, a rule's history). */
export function CaughtTrades({
  trades,
  total,
  firedAt,
}: {
  trades: readonly FlowTrade[];
  total: number;
  firedAt?: readonly string[];
}) {
  if (trades.length === 0) return <Typography color="text.secondary">No trades.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      {total > trades.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The first {trades.length} of {total.toLocaleString('en-US')} trades.
        </Typography>
      )}
      <Table size="small" data-testid="caught-trades">
        <TableHead>
          <TableRow>
            {firedAt && <TableCell>Fired</TableCell>}
            <TableCell>Date</TableCell>
            <TableCell>Time</TableCell>
            <TableCell>Ticker</TableCell>
            <TableCell>C/P</TableCell>
            <TableCell align="right">Strike</TableCell>
            <TableCell>Expiry</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell align="right">Premium</TableCell>
            <TableCell>Type</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {trades.map((t, i) => (
            <TableRow key={`${t.key}-${i}`}>
              {firedAt && <TableCell>{firedAt[i]?.slice(0, 19).replace('T', ' ')}</TableCell>}
              <TableCell>{t.date}</TableCell>
              <TableCell>{t.time}</TableCell>
              <TableCell>
                <Link component={RouterLink} to={`/optionsflow-ticker-overview?ticker=${encodeURIComponent(t.ticker)}`}>
                  {t.ticker}
                </Link>
              </TableCell>
              <TableCell>{t.put_call}</TableCell>
              <TableCell align="right">
                <ContractLink print={t}>{t.strike_price}</ContractLink>
              </TableCell>
              <TableCell>{t.date_expiration}</TableCell>
              <TableCell align="right">{t.size.toLocaleString('en-US')}</TableCell>
              <TableCell align="right">{premium(t.cost_basis)}</TableCell>
              <TableCell>{t.option_activity_type}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
