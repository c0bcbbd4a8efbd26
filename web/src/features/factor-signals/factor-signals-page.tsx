import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@tapewatch/shared/constants';
import { DataTable } from '../../components/table/data-table.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useSignalsData, type SignalRow } from './api/get-signals-data.ts';
import { SignalFiltersPanel } from './components/signal-filters.tsx';
import { DEFAULT_SIGNAL_SORT, signalColumns, signalUrl } from './utils/columns.ts';
import { EMPTY_FILTERS, filterSignals, type SignalFilters } from './utils/filters.ts';

/** Narrow cells on phones so the six visible columns fit 375 px. */
const tableSx = {
  p: { xs: 1, sm: 2 },
  '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } },
  '& td': { whiteSpace: 'nowrap' },
  '& .MuiInputBase-input': { minWidth: 0 },
} as const;

const openSignal = (r: SignalRow) => window.open(signalUrl(r), '_blank', 'noopener');

export function FactorSignalsPage() {
  const signals = useSignalsData();
  const [filters, setFilters] = useState<SignalFilters>(EMPTY_FILTERS);
  const rows = useMemo(() => (signals.data ? filterSignals(signals.data, filters) : undefined), [signals.data, filters]);
  const date = signals.data?.[0]?.date;

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Factor Analysis: All Signals
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }} data-testid="signals-help">
          Every factor evaluated nightly on daily and weekly bars for every stock and ETF. The table lists the signals that fired on the latest
          date{date ? ` (${date})` : ''} and whose past signals meet the quality requirements. Expected% and Profitable% are the average forward return and the
          share of winning signals at the best horizon (Period); WL Ratio is the average win over the average loss (∞ when no past signal lost). An empty
          filter means no restriction; a row matches a filter when it falls in any selected bucket. Click a row to open that stock&apos;s factor analysis
          in a new tab.
        </Typography>
      </Box>
      <Card component="section" variant="outlined" aria-label="Signals" sx={{ ...tableSx, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <SignalFiltersPanel value={filters} onChange={setFilters} onClear={() => setFilters(EMPTY_FILTERS)} />
        {rows && (
          <Typography variant="body2" color="text.secondary" data-testid="signals-count">
            {rows.length === signals.data?.length ? `${rows.length} signals` : `${rows.length} of ${signals.data?.length ?? 0} signals`}
          </Typography>
        )}
        {rows && rows.length > 0 && (
          <DataTable<SignalRow>
            rows={rows}
            columns={signalColumns}
            pageSize={PAGE_SIZES.signalsTable}
            getRowKey={(r) => `${r.ticker}/${r.factor}/${r.timeframe}`}
            defaultSort={DEFAULT_SIGNAL_SORT}
            onRowClick={openSignal}
            filterable={false}
            ariaLabel="Signals table"
            csvFileName="factor-signals.csv"
          />
        )}
        {rows && rows.length === 0 && (
          <Typography sx={{ py: 4, textAlign: 'center' }} data-testid="signals-empty">
            {signals.data?.length ? 'No signals match the filters.' : 'No data: no signal fired on the latest date.'}
          </Typography>
        )}
      </Card>
      <LoadingOverlay open={signals.isFetching && !signals.data} />
    </Box>
  );
}
