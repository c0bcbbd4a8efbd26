import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OtmTrade } from '@tapewatch/shared/schemas/flow';
import { FLOW_PAGE_SIZE } from '../../components/flow/flow-table-logic.ts';
import { DataTable } from '../../components/table/data-table.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { withTickerStar } from '../../components/watchlist/ticker-with-star.tsx';
import { filterByWatchlist, useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';
import { useSubscriptionGate } from '../../lib/subscription-gate.ts';
import { useMostOtmData } from './api/get-most-otm-data.ts';
import { MOST_OTM_COLUMNS, MOST_OTM_SORT } from './most-otm-columns.ts';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

const rowKey = (t: OtmTrade) => t.key;
const columns = withTickerStar(MOST_OTM_COLUMNS);

/** Most OTM (/test): the day's trades furthest out of the money, sorted by OTM By. */
export function MostOtmPage() {
  const [gateError, setGateError] = useState<unknown>(null);
  const allowed = useSubscriptionGate(gateError);
  const { data, isFetching, error } = useMostOtmData(allowed);
  useEffect(() => setGateError(error), [error]);
  const watch = useWatchlistFilter();
  const rows = useMemo(
    () => filterByWatchlist(data?.data ?? [], watch.tickers, (t) => t.ticker),
    [data, watch.tickers],
  );
  return (
    <Box component="article">
      <Typography variant="h1" gutterBottom>
        Most OTM
      </Typography>
      <GeneratedDataCaption datasets={['options_flow']} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Options trades struck furthest out of the money{data ? ` on ${data.date}` : ''}. OTM By is the distance from the
        underlying price to the strike, in percent of the underlying price.
      </Typography>
      {data && (
        <Box sx={{ mb: 1 }}>
          <WatchlistFilterChip filter={watch} />
        </Box>
      )}
      {data && (
        // Fifteen columns fit 1440 px only with tighter cells that never wrap.
        <Box sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap', px: 1 } }}>
          <DataTable
            rows={rows}
            columns={columns}
            pageSize={FLOW_PAGE_SIZE}
            getRowKey={rowKey}
            defaultSort={MOST_OTM_SORT}
            padRows
            filterable={false}
            ariaLabel="Most OTM"
            csvFileName="most-otm"
          />
        </Box>
      )}
      <LoadingOverlay open={isFetching && !data} />
    </Box>
  );
}
