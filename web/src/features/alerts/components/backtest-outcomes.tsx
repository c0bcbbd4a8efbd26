import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Backtest } from '../api/alerts-api.ts';
import { share } from '../utils/rule-summary.ts';

const count = new Intl.NumberFormat('en-US');
const dollars = (v: number | null) =>
  v === null ? '—' : `${v < 0 ? '-' : v > 0 ? '+' : ''}$${count.format(Math.abs(Math.round(v)))}`;
const signedShare = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${(v * 100).toFixed(1)}%`);

/** How often the underlying went the prints' way: bullish prints that saw a rise, bearish ones a fall. */
export function DirectionTable({ bt }: { bt: Backtest }) {
  const rows = [
    { label: 'Prints the alert caught', d: bt.direction.caught },
    { label: 'All prints of the same tickers (baseline)', d: bt.direction.baseline },
  ];
  return (
    <Table size="small" data-testid="backtest-moves" sx={{ maxWidth: 900 }}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell align="right">1 day: bullish, rose</TableCell>
          <TableCell align="right">1 day: bearish, fell</TableCell>
          <TableCell align="right">1 day: right way</TableCell>
          <TableCell align="right">5 days: bullish, rose</TableCell>
          <TableCell align="right">5 days: bearish, fell</TableCell>
          <TableCell align="right">5 days: right way</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ label, d }) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
              <Typography variant="caption" color="text.secondary" component="div">
                {count.format(d.d1.bullish.prints)} bullish, {count.format(d.d1.bearish.prints)} bearish prints with a
                next-day close
              </Typography>
            </TableCell>
            {[d.d1, d.d5].flatMap((h, i) => [
              <TableCell key={`b${i}`} align="right">
                {share(h.bullish.rose)}
              </TableCell>,
              <TableCell key={`s${i}`} align="right">
                {share(h.bearish.fell)}
              </TableCell>,
              <TableCell key={`h${i}`} align="right">
                {share(h.hit)}
              </TableCell>,
            ])}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The options' own P&L, caught prints against all prints of the same tickers, 1, 5 and 20 sessions on. */
export function PnlTable({ bt }: { bt: Backtest }) {
  const rows = [
    { label: 'Prints the alert caught', p: bt.pnl.caught },
    { label: 'All prints of the same tickers (baseline)', p: bt.pnl.baseline },
  ];
  return (
    <Table size="small" data-testid="backtest-pnl" sx={{ maxWidth: 900 }}>
      <TableHead>
        <TableRow>
          <TableCell />
          {(['1 day', '5 days', '20 days'] as const).map((h) => (
            <TableCell key={h} align="right">
              {h}: P&amp;L (return, winners)
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ label, p }) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
              <Typography variant="caption" color="text.secondary" component="div">
                {count.format(p.d1.prints)} prints with a side and a next-day mark
              </Typography>
            </TableCell>
            {[p.d1, p.d5, p.d20].map((h, i) => (
              <TableCell key={i} align="right">
                {h.prints === 0 ? '—' : `${dollars(h.pnl)} (${signedShare(h.return)}, ${share(h.winners)})`}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The caught prints sampled across the history, each with its side and its option P&L. */
export function SampledPrints({ prints }: { prints: Backtest['prints'] }) {
  if (prints.length === 0) return <Typography color="text.secondary">No prints.</Typography>;
  return (
    <Table size="small" data-testid="backtest-prints">
      <TableHead>
        <TableRow>
          <TableCell>Date</TableCell>
          <TableCell>Time</TableCell>
          <TableCell>Ticker</TableCell>
          <TableCell>C/P</TableCell>
          <TableCell align="right">Strike</TableCell>
          <TableCell>Expiry</TableCell>
          <TableCell>Side</TableCell>
          <TableCell align="right">Size</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">P&amp;L 1 day</TableCell>
          <TableCell align="right">P&amp;L 5 days</TableCell>
          <TableCell align="right">P&amp;L 20 days</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {prints.map((p, i) => (
          <TableRow key={`${p.date}-${p.time}-${p.ticker}-${i}`}>
            <TableCell>{p.date}</TableCell>
            <TableCell>{p.time}</TableCell>
            <TableCell>{p.ticker}</TableCell>
            <TableCell>{p.put_call}</TableCell>
            <TableCell align="right">{p.strike_price}</TableCell>
            <TableCell>{p.date_expiration}</TableCell>
            <TableCell>{p.side ?? 'unknown'}</TableCell>
            <TableCell align="right">{count.format(p.size)}</TableCell>
            <TableCell align="right">{p.price.toFixed(2)}</TableCell>
            <TableCell align="right">{dollars(p.pnl.d1)}</TableCell>
            <TableCell align="right">{dollars(p.pnl.d5)}</TableCell>
            <TableCell align="right">{dollars(p.pnl.d20)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
