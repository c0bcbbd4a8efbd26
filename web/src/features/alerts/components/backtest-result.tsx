import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CategoryBarChart } from '../../../components/flow/category-bar-chart.tsx';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import type { Backtest } from '../api/alerts-api.ts';
import { DirectionTable, PnlTable, SampledPrints } from './backtest-outcomes.tsx';

const count = new Intl.NumberFormat('en-US');

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
      {bt.simulated && (
        <Alert severity="info" data-testid="backtest-simulated">
          Demo mode: the options flow here is simulated, so this backtest describes the simulation, not the market.
        </Alert>
      )}
      <Typography data-testid="backtest-summary">
        Over {count.format(bt.days)} trading days ({bt.from} to {bt.to}) this alert would have fired{' '}
        <strong>{count.format(bt.fired)}</strong> times, on {count.format(active)} days (
        <strong>{bt.fires_per_day.toFixed(1)} a day</strong> on average), out of {count.format(bt.scanned)} trades read.
      </Typography>
      {bt.noisy && (
        <Alert severity="warning" data-testid="backtest-noise">
          This alert would fire {bt.fires_per_day.toFixed(1)} times a day: more than {bt.noise_per_day} a day is noise
          nobody reads. Narrow it (a higher premium, fewer tickers, one side).
        </Alert>
      )}
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
      <Typography variant="h3" sx={{ fontSize: '1rem' }}>
        Did the underlying go the prints&apos; way?
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A print at or above the ask was bought, at or below the bid sold (between them its side is unknown and it is
        left out). Bought calls and sold puts are bullish; bought puts and sold calls bearish. Close to close from the
        print&apos;s day.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DirectionTable bt={bt} />
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1rem' }}>
        The options&apos; own P&amp;L
      </Typography>
      <Typography variant="body2" color="text.secondary">
        From the price paid to the contract&apos;s mid 1, 5 and 20 sessions later (or its value at expiry), times size
        and 100, signed by the side taken. Prints sampled on {bt.pnl.sample_days} days spread across the history,
        against all prints of the same tickers on those days.
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <PnlTable bt={bt} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {bt.prints.length < bt.fired
          ? `${count.format(bt.prints.length)} of the ${count.format(bt.fired)} prints, sampled across the history:`
          : 'Every print caught:'}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <SampledPrints prints={bt.prints} />
      </Box>
    </Box>
  );
}
