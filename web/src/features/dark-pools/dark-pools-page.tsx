import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DARK_POOL_POSITION_DAYS, type DarkPoolTopColumn } from '@tapewatch/shared/params/dark-pools';
import { QuotePanel } from '../../components/ticker/quote-panel.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useGlobalTicker, useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useDarkPoolData, type MinMax } from './api/get-dark-pool-data.ts';
import { useDarkPoolIndividualData, type DarkPoolIndividualData } from './api/get-dark-pool-individual-data.ts';
import { DarkPoolCharts } from './components/dark-pool-charts.tsx';
import { DarkPoolSummaryCard } from './components/dark-pool-summary.tsx';
import { DarkPoolTable } from './components/dark-pool-table.tsx';
import { TickerShortVolumeTable } from './components/ticker-short-volume-table.tsx';
import { latestSummary } from './utils/reshape.ts';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

function TickerSection({ ticker, data }: { ticker: string; data: DarkPoolIndividualData }) {
  const summary = latestSummary(data);
  if (!summary) {
    return (
      <Alert severity="info" data-testid="dark-pool-empty">
        No dark pool data for {ticker}: FINRA publishes no short-sale volume for it in the stored year.
      </Alert>
    );
  }
  return (
    <>
      <DarkPoolSummaryCard ticker={ticker} summary={summary} />
      <DarkPoolCharts data={data} />
      <TickerShortVolumeTable ticker={ticker} rows={data.individual_short_volume_table.data} />
    </>
  );
}

export function DarkPoolsPage() {
  const ticker = useSyncGlobalTicker(useTickerParam());
  const [, setTicker] = useGlobalTicker();
  const navigate = useNavigate();
  const [order, setOrder] = useState<{ top: DarkPoolTopColumn; minmax: MinMax }>({
    top: 'Dark Pools Position $',
    minmax: 'desc',
  });
  const individual = useDarkPoolIndividualData(ticker);
  const table = useDarkPoolData(order.top, order.minmax);
  const select = (next: string) => {
    setTicker(next);
    navigate(`/darkpools/${encodeURIComponent(next)}`);
  };

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Dark Pools
        </Typography>
        <GeneratedDataCaption datasets={['finra_short_volume']} />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }} data-testid="dark-pool-help">
          FINRA daily short-sale volume; data updates at 6pm EST. Short volume % = short volume / total volume. Net
          short volume = short volume - (total volume - short volume); net short volume $ = net short volume x that
          day&apos;s close. Position is the sum of net short volume over the last {DARK_POOL_POSITION_DAYS} trading
          days; position $ is the sum over the same days of each day&apos;s net short volume x that day&apos;s close.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TickerSearch onSelect={select} label="Search dark pool ticker" sx={{ width: { xs: '100%', sm: 320 } }} />
        <QuotePanel ticker={ticker} sx={{ flex: 1, minWidth: 260 }} />
      </Box>
      {individual.error && (
        <Alert severity="warning" data-testid="dark-pool-error">
          No dark pool data for {ticker}.
        </Alert>
      )}
      {individual.data && individual.data.ticker === ticker && <TickerSection ticker={ticker} data={individual.data} />}
      <DarkPoolTable
        data={table.data}
        top={order.top}
        minmax={order.minmax}
        onReload={(top, minmax) => setOrder({ top, minmax })}
        onSelect={select}
      />
      <LoadingOverlay open={(individual.isFetching && !individual.data) || (table.isFetching && !table.data)} />
    </Box>
  );
}
