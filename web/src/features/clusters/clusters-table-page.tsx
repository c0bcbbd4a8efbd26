import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { PAGE_SIZES } from '@tapewatch/shared/constants';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { DataTable } from '../../components/table/data-table.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useClustersPredictionData } from './api/get-clusters-prediction-data.ts';
import { useClustersTableData, type ClustersTableRow } from './api/get-clusters-table-data.ts';
import { PricePredictionsChart } from './components/price-predictions-chart.tsx';
import {
  clustersColumns,
  DATASET_BUTTONS,
  DEFAULT_CLUSTER_SORT,
  topRow,
  type ClustersDataset,
} from './utils/columns.ts';
import { predictionTable, toPredictionView } from './utils/reshape.ts';
import { filterByWatchlist, useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';
import { withTickerStar } from '../../components/watchlist/ticker-with-star.tsx';

const columns = withTickerStar(clustersColumns);

/** Narrow cells on phones so ticker + 1D, 5D, 10D, 20D fit 375 px without sideways scrolling. */
const tableSx = {
  p: { xs: 1, sm: 2 },
  '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } },
  '& td': { whiteSpace: 'nowrap' },
  '& .MuiInputBase-input': { minWidth: 0 },
} as const;

export function ClustersTablePage() {
  const table = useClustersTableData();
  const [dataset, setDataset] = useState<ClustersDataset>('all');
  const [picked, setPicked] = useState<ClustersTableRow | undefined>();
  const watch = useWatchlistFilter();
  const datasetRows = table.data?.[dataset];
  const rows = useMemo(
    () => (datasetRows ? filterByWatchlist(datasetRows, watch.tickers, (r) => r.ticker) : undefined),
    [datasetRows, watch.tickers],
  );
  const selected = picked ?? (rows ? topRow(rows) : undefined);
  const prediction = useClustersPredictionData(selected);
  const pred = prediction.data && !prediction.isPlaceholderData ? prediction.data : undefined;
  const view = useMemo(
    () => (pred ? { chart: toPredictionView(pred), table: predictionTable(pred) } : undefined),
    [pred],
  );

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Clusters: All Stocks
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }} data-testid="clusters-table-help">
          Every stock clustered nightly with the default settings (8 clusters, 10-day patterns of returns and
          volatility, 10 iterations, 400-day training window). The columns are the average 1D to 20D forward returns of
          each stock&apos;s current cluster.
          {table.data ? ` Data as of ${table.data.as_of}.` : ''} Click a row to chart that stock.
        </Typography>
      </Box>
      {selected && view && (
        <ChartCard
          title={`Price And Predictions: ${selected.ticker}`}
          table={view.table}
          height={400}
          mobileHeight={320}
        >
          {({ width, height, isMobile }) => (
            <PricePredictionsChart view={view.chart} width={width} height={height} compact={isMobile} />
          )}
        </ChartCard>
      )}
      <Card component="section" variant="outlined" aria-label="Clusters table" sx={tableSx}>
        <Box role="group" aria-label="Dataset" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
          {DATASET_BUTTONS.map((b) => (
            <Button
              key={b.key}
              size="small"
              variant={b.key === dataset ? 'contained' : 'outlined'}
              aria-pressed={b.key === dataset}
              onClick={() => {
                setDataset(b.key);
                setPicked(undefined);
              }}
            >
              {b.label}
            </Button>
          ))}
          <WatchlistFilterChip filter={watch} />
        </Box>
        {rows && (
          <DataTable<ClustersTableRow>
            rows={rows}
            columns={columns}
            pageSize={PAGE_SIZES.clustersTable}
            getRowKey={(r) => r.ticker}
            defaultSort={DEFAULT_CLUSTER_SORT}
            onRowClick={setPicked}
            ariaLabel="Clusters forward returns"
            csvFileName={`clusters-${dataset}.csv`}
          />
        )}
      </Card>
      <LoadingOverlay open={(table.isFetching && !table.data) || (prediction.isFetching && !pred)} />
    </Box>
  );
}
