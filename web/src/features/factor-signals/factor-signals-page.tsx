import { useMemo, useState } from 'react';
import { signalsCsv } from '@tapewatch/shared/api/csv-columns';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@tapewatch/shared/constants';
import { DataTable } from '../../components/table/data-table.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { useSignalsData, type SignalRow } from './api/get-signals-data.ts';
import { SignalFiltersPanel } from './components/signal-filters.tsx';
import { DEFAULT_SIGNAL_SORT, PHONE_MAX_WIDTH, phoneSignalColumns, signalColumns, signalUrl } from './utils/columns.ts';
import { useViewportWidth } from '../../lib/use-viewport.ts';
import { EMPTY_FILTERS, filterSignals, type SignalFilters } from './utils/filters.ts';
import { filterByWatchlist, useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';

/** Narrow cells on phones; there only the factor cell wraps, so the four phone columns fit 375 px. */
const tableSx = {
  p: { xs: 1, sm: 2 },
  '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.75rem', sm: '0.875rem' } },
  '& .MuiTableSortLabel-icon': { fontSize: { xs: 14, sm: 18 }, mx: { xs: 0, sm: 0.5 } },
  // Inactive sort arrows are invisible but still take room: phones drop them.
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: { xs: 'none', sm: 'inline-block' } },
  '& td': { whiteSpace: 'nowrap' },
  '& td:last-of-type': { whiteSpace: { xs: 'normal', sm: 'nowrap' } },
  '& .MuiInputBase-input': { minWidth: 0 },
} as const;

const openSignal = (r: SignalRow) => window.open(signalUrl(r), '_blank', 'noopener');

export function FactorSignalsPage() {
  const signals = useSignalsData();
  const [filters, setFilters] = useState<SignalFilters>(EMPTY_FILTERS);
  const watch = useWatchlistFilter();
  const rows = useMemo(
    () =>
      signals.data
        ? filterByWatchlist(filterSignals(signals.data, filters), watch.tickers, (r) => r.ticker)
        : undefined,
    [signals.data, filters, watch.tickers],
  );
  const date = signals.data?.[0]?.date;
  const columns = useViewportWidth() < PHONE_MAX_WIDTH ? phoneSignalColumns : signalColumns;

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Factor Analysis: All Signals
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900, mb: 1 }}>
          The factor signals that fired on the latest date{date ? ` (${date})` : ''} across the stock universe. Click a
          row to open that stock&apos;s factor analysis in a new tab.
        </Typography>
        <PageHelp testId="signals-help">
          Every factor is evaluated nightly on daily and weekly bars (weekly = the last trading day of each week) for
          every stock and ETF. A row is a signal on the latest date whose out-of-sample trades meet the quality
          requirements of the single-stock page, with the same figures it shows there. Out-of-sample: each earlier
          signal was held for the period chosen from trades that had finished before it (entering at the next bar), so
          no figure uses hindsight. Period is the period chosen that way for today's signal; Expected% and Profitable%
          are the average return and the share of winners of the earlier signals held that period that had finished by
          today; WL Ratio is their average win over their average loss (∞ when none lost). Filters: an empty filter
          means no restriction; a row matches a filter when it falls in any selected bucket, and buckets include their
          lower edge (10-20% holds 10%, not 20%). Market cap: Mega ≥ $200B, Large $10-200B, Mid $2-10B, Small $300M-2B,
          Micro &lt; $300M (shares outstanding × the latest close; ETFs have none). Sectors use the 11 sector names;
          index ETFs have none.
        </PageHelp>
      </Box>
      <Card
        component="section"
        variant="outlined"
        aria-label="Signals"
        sx={{ ...tableSx, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box>
          <WatchlistFilterChip filter={watch} />
        </Box>
        <SignalFiltersPanel value={filters} onChange={setFilters} onClear={() => setFilters(EMPTY_FILTERS)} />
        {rows && (
          <Typography variant="body2" color="text.secondary" data-testid="signals-count">
            {rows.length === signals.data?.length
              ? `${rows.length} signals`
              : `${rows.length} of ${signals.data?.length ?? 0} signals`}
          </Typography>
        )}
        {rows && rows.length > 0 && (
          <DataTable<SignalRow>
            rows={rows}
            columns={columns}
            pageSize={PAGE_SIZES.signalsTable}
            getRowKey={(r) => `${r.ticker}/${r.factor}/${r.timeframe}`}
            defaultSort={DEFAULT_SIGNAL_SORT}
            onRowClick={openSignal}
            filterable={false}
            ariaLabel="Signals table"
            csvFileName="factor-signals.csv"
            csvColumns={signalsCsv}
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
