import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { FACTOR_IN_SAMPLE_HELP } from '@tapewatch/shared/params/factor-analysis';
import type { FactorAnalysisData } from '@tapewatch/shared/schemas/factor-analysis';
import { comparisonView } from '../utils/reshape.ts';
import { StatGrid } from './stat-grid.tsx';

const ENTRY_TEXT = {
  next_open: "the next bar's open",
  next_close: "the next bar's close (this ticker's data has no opens)",
} as const;

/** Why the headline numbers differ from the full-history table: the hindsight pick beside the walk-forward record. */
export function ComparisonPanel({ data }: { data: FactorAnalysisData }) {
  const view = comparisonView(data);
  const o = data.out_of_sample;
  return (
    <Card component="section" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} aria-label="In-sample vs out-of-sample">
      <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, mb: 1 }}>
        In-sample vs out-of-sample
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="comparison-help" sx={{ mb: 1 }}>
        {FACTOR_IN_SAMPLE_HELP}
      </Typography>
      <StatGrid
        view={view}
        ariaLabel="In-sample vs out-of-sample"
        testId="comparison-table"
        rowTestId={(k) => `compare-${k}`}
      />
      <Typography variant="caption" color="text.secondary" component="p" data-testid="comparison-note" sx={{ mt: 1 }}>
        Trades fill at {ENTRY_TEXT[data.entry]}. Out-of-sample: {o.not_enough_history} early{' '}
        {o.not_enough_history === 1 ? 'signal' : 'signals'} not traded (not enough history), {o.pending}{' '}
        {o.pending === 1 ? 'trade' : 'trades'} still open.
      </Typography>
    </Card>
  );
}
