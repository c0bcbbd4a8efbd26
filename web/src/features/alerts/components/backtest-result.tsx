import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CategoryBarChart } from '../../../components/flow/category-bar-chart.tsx';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import type { Backtest } from '../api/alerts-api.ts';
import { percent, share } from '../utils/rule-summary.ts';
import { CaughtTrades } from './caught-trades.tsx';

const count = new Intl.NumberFormat('en-US');

function MovesTable({ bt }: { bt: Backtest }) {
  const rows = [
    { label: 'Trades the alert caught', m: bt.moves.caught },
    { label: 'All trades of the same tickers (baseline)', m: bt.moves.baseline },
  ];
  return (
    <Table size="small" data-testid="backtest-moves" sx={{ maxWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell align="right">1 day: median</TableCell>
          <TableCell align="right">1 day: up</TableCell>
          <TableCell align="right">5 days: median</TableCell>
          <TableCell align="right">5 days: up</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ label, m }) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row">
              {label}
              <Typography variant="caption" color="text.secondary" component="div">
                {count.format(m.d1.trades)} trades with a next-day close
              </Typography>
            </TableCell>
            <TableCell align="right">{percent(m.d1.median)}</TableCell>
            <TableCell align="right">{share(m.d1.positive)}</TableCell>
            <TableCell align="right">{percent(m.d5.median)}</TableCell>
            <TableCell align="right">{share(m.d5.positive)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What the rule would have caught over the stored flow history. */
export function BacktestResult({ bt }: { bt: Backtest }) {
  const theme = useTheme();
  if (bt.days === 0)
    return (
      <Typography color="text.secondary">No stored flow history yet: the backtest has nothing to scan.</Typography>
    );
  const dates = bt.per_day.map((d) => d.date);
  const fires = bt.per_day.map((d) => d.fires);
  const active = fires.filter((f) => f > 0).length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="backtest-result">
      <Typography data-testid="backtest-summary">
        Over {count.format(bt.days)} trading days ({bt.from} to {bt.to}) this alert would have fired{' '}
        <strong>{count.format(bt.fired)}</strong> times, on {count.format(active)} days (
        {(bt.fired / bt.days).toFixed(1)} a day on average), out of {count.format(bt.scanned)} trades read.
      </Typography>
      <ChartCard
        title="Fires per day"
        table={{
          rowHeader: 'Day',
          columns: ['Fires'],
          rows: bt.per_day.map((d) => ({ key: d.date, label: d.date, cells: [String(d.fires)] })),
        }}
        height={220}
        mobileHeight={200}
      >
        {({ width, height, isMobile }) => (
          <CategoryBarChart
            categories={dates}
            series={[{ id: 'Fires', color: theme.palette.primary.main, values: fires }]}
            width={width}
            height={height}
            compact={isMobile}
            formatValue={(v) => count.format(v)}
          />
        )}
      </ChartCard>
      <Box sx={{ overflowX: 'auto' }}>
        <MovesTable bt={bt} />
      </Box>
      <CaughtTrades trades={bt.trades} total={bt.fired} />
    </Box>
  );
}
