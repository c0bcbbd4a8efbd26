import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { OptionContractData } from '../api/get-option-contract.ts';
import { formatCount, formatDelta, formatIv, formatMoney, formatPnl } from '../utils/contract-view.ts';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Today's figures of the contract (its option chain row) and the sum of its prints' P&L. */
export function ContractStats({ data }: { data: OptionContractData }) {
  const t = data.today;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}
    >
      <Stat label="Mid" value={formatMoney(t.mid)} testId="contract-mid" />
      <Stat label="Bid × Ask" value={`${formatMoney(t.bid)} × ${formatMoney(t.ask)}`} testId="contract-quote" />
      <Stat label="Volume" value={formatCount(t.volume)} testId="contract-volume" />
      <Stat label="Open interest" value={formatCount(t.open_interest)} testId="contract-oi" />
      <Stat label="IV" value={formatIv(t.iv)} testId="contract-iv" />
      <Stat label="Delta" value={formatDelta(t.delta)} testId="contract-delta" />
      <Stat label="Days to expiry" value={String(data.dte)} testId="contract-dte" />
      <Stat label={`${data.ticker} price`} value={formatMoney(t.underlying_price)} testId="contract-underlying" />
      <Stat label="P&L of sided prints" value={formatPnl(data.pnl_total)} testId="contract-pnl-total" />
    </Paper>
  );
}
