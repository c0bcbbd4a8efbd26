import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import type { ShortInterestTop } from '@tapewatch/shared/schemas/short-interest';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useGlobalTicker, useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useIndShortInterest } from './api/get-ind-short-interest.ts';
import { useIndShortInterestInfo } from './api/get-ind-short-interest-info.ts';
import { useShortInterest } from './api/get-short-interest.ts';
import { useTickerPrices } from './api/get-ticker-prices.ts';
import { PriceVsShortInterestChart } from './components/price-vs-short-interest-chart.tsx';
import { ShortDataSummary } from './components/short-data-summary.tsx';
import { ShortInterestTable } from './components/short-interest-table.tsx';
import { pickDefaultTicker } from './utils/reshape.ts';
import { filterByWatchlist, useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

/** The server's alert text for a 404 (unknown or non-NASDAQ ticker), shown as the empty state. */
function notFoundText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 404) return undefined;
  return isAlertBody(error.body) ? error.body.alert_message : 'No short interest data for this ticker.';
}

export function ShortInterestPage() {
  const navigate = useNavigate();
  const routeTicker = useTickerParam();
  const synced = useSyncGlobalTicker(routeTicker);
  const [globalTicker] = useGlobalTicker();
  const [top, setTop] = useState<ShortInterestTop>('float');
  const table = useShortInterest(top);
  const watch = useWatchlistFilter();
  const allRows = table.data?.data;
  const rows = useMemo(
    () => filterByWatchlist(allRows ?? [], watch.tickers, (r) => r.Ticker),
    [allRows, watch.tickers],
  );
  // Without a ticker in the URL, open on a name that has short interest (the app default SPY has none).
  const ticker = routeTicker ? synced : table.data ? (pickDefaultTicker(rows, globalTicker) ?? '') : '';

  const info = useIndShortInterestInfo(ticker);
  const series = useIndShortInterest(ticker);
  const prices = useTickerPrices(ticker);
  const emptyText = notFoundText(info.error) ?? notFoundText(series.error);
  const select = (t: string) => void navigate(`/shortinterest/${encodeURIComponent(t)}`);
  const loading =
    (table.isFetching && !table.data) ||
    (ticker !== '' && !emptyText && [info, series, prices].some((q) => q.isFetching && !q.data));
  const lastSettlement = series.data?.short_interest.at(-1)?.date;

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Short Interest
        </Typography>
        <GeneratedDataCaption datasets={['short_interest']} />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }} data-testid="si-intro">
          Short interest is only available for NASDAQ stocks and ETFs. It is the number of shares sold short at
          FINRA&apos;s twice-monthly settlement dates. Days To Cover = short interest / average daily volume; %Float
          Short = short interest / shares outstanding x 100. In the demo the share count is an estimate, so %Float Short
          is approximate, and it is shown as unavailable where no share count is known.
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 1fr) 2fr' },
          alignItems: 'start',
        }}
      >
        <TickerSearch label="Search ticker for short interest" onSelect={select} />
        {ticker !== '' && (
          <ShortDataSummary
            ticker={ticker}
            info={info.data}
            asOf={emptyText ? undefined : lastSettlement}
            emptyText={emptyText}
          />
        )}
      </Box>
      {ticker !== '' && !emptyText && prices.data && series.data && (
        <PriceVsShortInterestChart ticker={ticker} prices={prices.data} series={series.data.short_interest} />
      )}
      <Box sx={{ mb: -1 }}>
        <WatchlistFilterChip filter={watch} />
      </Box>
      <ShortInterestTable
        rows={rows}
        top={top}
        onTopChange={setTop}
        onSelectTicker={select}
        loading={table.isFetching}
      />
      <LoadingOverlay open={loading} />
    </Box>
  );
}
