import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { CLUSTER_DEFAULTS, DTW_HELP, SOFTDTW_UNAVAILABLE } from '@tapewatch/shared/params/clusters';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { QuotePanel } from '../../components/ticker/quote-panel.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useGlobalTicker, useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useClustersData, type ClustersData } from './api/get-clusters-data.ts';
import { AverageReturnsChart } from './components/average-returns-chart.tsx';
import { BoxplotChart } from './components/boxplot-chart.tsx';
import { ClusterControls, type ClusterSettings } from './components/cluster-controls.tsx';
import { ClusterInfo } from './components/cluster-info.tsx';
import { DailyReturnsScatter } from './components/daily-returns-scatter.tsx';
import { PricePredictionsChart } from './components/price-predictions-chart.tsx';
import {
  averageTable,
  boxplotTable,
  clusterInfo,
  dailyTable,
  predictionTable,
  toAverageBars,
  toPredictionView,
} from './utils/reshape.ts';

const DEFAULT_SETTINGS: ClusterSettings = {
  nb_clusters: CLUSTER_DEFAULTS.nb_clusters,
  length: CLUSTER_DEFAULTS.length,
  metric: CLUSTER_DEFAULTS.metric,
  iterations: CLUSTER_DEFAULTS.iterations,
  features: CLUSTER_DEFAULTS.features,
  training_window: CLUSTER_DEFAULTS.training_window,
};

const gridSx = { display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

function ClusterCharts({ data }: { data: ClustersData }) {
  const view = useMemo(
    () => ({
      prediction: toPredictionView(data.predictions),
      predictionTable: predictionTable(data.predictions),
      daily: dailyTable(data),
      bars: toAverageBars(data),
      average: averageTable(data),
      box: boxplotTable(data),
    }),
    [data],
  );
  return (
    <>
      <ChartCard
        title="Price And Predictions"
        table={view.predictionTable}
        height={420}
        mobileHeight={340}
        note="Shaded: the latest pattern window. Dots: last close x (1 + the current cluster's average forward return), 1 to 20 weekdays ahead."
      >
        {({ width, height, isMobile }) => (
          <PricePredictionsChart view={view.prediction} width={width} height={height} compact={isMobile} />
        )}
      </ChartCard>
      <ChartCard title="Clusters Daily Returns" table={view.daily} height={400} mobileHeight={360}>
        {({ width, height, isMobile }) => (
          <DailyReturnsScatter data={data} width={width} height={height} compact={isMobile} />
        )}
      </ChartCard>
      <Box sx={gridSx}>
        <ChartCard
          title="Clusters Average Returns plus Count"
          table={view.average}
          height={400}
          mobileHeight={360}
          note="Legend: cluster (number of windows)."
        >
          {({ width, height, isMobile }) => (
            <AverageReturnsChart bars={view.bars} width={width} height={height} compact={isMobile} />
          )}
        </ChartCard>
        <ChartCard
          title="Forward Returns Boxplots"
          table={view.box}
          height={400}
          mobileHeight={340}
          note={`${data.clusters_boxplot_horizon} per cluster.`}
        >
          {({ width, height, isMobile }) => (
            <BoxplotChart data={data} width={width} height={height} compact={isMobile} />
          )}
        </ChartCard>
      </Box>
    </>
  );
}

function errorText(error: unknown, ticker: string): string {
  if (error instanceof ApiError && isAlertBody(error.body)) return error.body.alert_message;
  return `No clusters for ${ticker}.`;
}

export function ClustersPage() {
  const ticker = useSyncGlobalTicker(useTickerParam());
  const [, setTicker] = useGlobalTicker();
  const navigate = useNavigate();
  const [settings, setSettings] = useState<ClusterSettings>(DEFAULT_SETTINGS);
  const query = useClustersData({ ticker, ...settings });
  const select = (next: string) => {
    setTicker(next);
    navigate(`/clusters/${encodeURIComponent(next)}`);
  };
  const data = query.data && query.data.ticker === ticker && !query.isError ? query.data : undefined;

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Clusters
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }} data-testid="clusters-help">
          Over the last training window of trading days we slide windows of the pattern length over the chosen features
          (Returns = daily returns, Volatility = 10-day rolling volatility of the daily returns, or both), z-normalise
          each window and group them with k-means (the iterations cap the k-means steps; a fixed seed gives the same
          answer every time). Each window is labelled at its last date; the 1D, 2D, 5D, 10D and 20D forward returns from
          that date are averaged per cluster over the windows whose forward return is known. The current cluster is the
          latest window&apos;s. Distances are euclidean by default. {DTW_HELP} {SOFTDTW_UNAVAILABLE} Past patterns do
          not guarantee future returns.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TickerSearch onSelect={select} label="Search clusters ticker" sx={{ width: { xs: '100%', sm: 320 } }} />
        <QuotePanel ticker={ticker} sx={{ flex: 1, minWidth: 260 }} />
      </Box>
      <ClusterControls value={settings} onChange={setSettings} />
      {query.isError && (
        <Alert severity="warning" data-testid="clusters-error">
          {errorText(query.error, ticker)}
        </Alert>
      )}
      {data && <ClusterInfo ticker={ticker} info={clusterInfo(data)} />}
      {data && <ClusterCharts data={data} />}
      <LoadingOverlay open={query.isFetching} />
    </Box>
  );
}
