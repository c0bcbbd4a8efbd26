import { lazy, Suspense, useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BREAKPOINTS, SECTOR_ETFS, SECTOR_PERFORMANCE } from '@tapewatch/shared/constants';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useIsMobile } from '../../lib/use-viewport.ts';
import { useSectorPerformanceData, type SectorPerformanceData } from './api/get-sector-performance-data.ts';
import { SectorHeatmap } from './components/sector-heatmap.tsx';
import { SectorLineChart } from './components/sector-line-chart.tsx';
import {
  barTable,
  formatSince,
  heatmapTable,
  lateStarters,
  lineTable,
  toBarData,
  toHeatmapRows,
} from './utils/reshape.ts';

// nivo (the bars and the treemap card) loads after the first render, in parallel with the data request:
// the route's initial JS stays under its 250 kB budget.
const SectorBarChart = lazy(() =>
  import('./components/sector-bar-chart.tsx').then((m) => ({ default: m.SectorBarChart })),
);
const MarketMapCard = lazy(() =>
  import('./components/market-map-card.tsx').then((m) => ({ default: m.MarketMapCard })),
);

const BAR_CHARTS = [
  { key: 'chg_1w', title: '1 Week Performance', period: '1 Week' },
  { key: 'chg_1m', title: '1 Month Performance', period: '1 Month' },
  { key: 'chg_ytd', title: 'Year-to-date Performance', period: 'Year-to-date' },
  { key: 'chg_1y', title: '1 Year Performance', period: '1 Year' },
] as const;

const gridSx = { display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

function SectorCharts({ data }: { data: SectorPerformanceData }) {
  const heatmapCompact = useIsMobile(BREAKPOINTS.heatmapMobile);
  const { heatmapRange, seasonalityRange, colourSteps } = SECTOR_PERFORMANCE;
  const view = useMemo(() => {
    const seasonality = data.seasonality_data;
    const sinceLabels = seasonality.since.map((s) => (s ? formatSince(s) : '-'));
    return {
      lineTable: lineTable(data.line_data),
      heatmap: toHeatmapRows(data.heatmap_data),
      heatmapTable: heatmapTable(data.heatmap_data, { testId: 'performance-table', rowTestId: 'performance-row' }),
      seasonality: toHeatmapRows(seasonality),
      seasonalityTable: heatmapTable(seasonality, { extra: { header: 'Since', values: sinceLabels } }),
      seasonalityNotes: Object.fromEntries(
        seasonality.y.map((sector, i) => [sector, `Average since ${sinceLabels[i]}`]),
      ),
      late: lateStarters(seasonality),
      bars: BAR_CHARTS.map((b) => ({
        ...b,
        data: toBarData(data.bar_data[b.key]),
        table: barTable(data.bar_data[b.key], b.period),
      })),
    };
  }, [data]);

  const lateNote = view.late.map((l) => `${l.sector} from ${formatSince(l.since)}`).join(', ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <ChartCard title="1 Year Returns %" table={view.lineTable} height={440} mobileHeight={420}>
        {({ width, height, isMobile }) => (
          <SectorLineChart line={data.line_data} width={width} height={height} compact={isMobile} />
        )}
      </ChartCard>
      <Box sx={gridSx}>
        <ChartCard
          title="Performance Heatmap"
          table={view.heatmapTable}
          height={440}
          mobileHeight={420}
          note={`Percent change per period; colours capped at ±${heatmapRange}%.`}
        >
          {({ width, height }) => (
            <SectorHeatmap
              rows={view.heatmap}
              width={width}
              height={height}
              range={heatmapRange}
              steps={colourSteps}
              compact={heatmapCompact}
            />
          )}
        </ChartCard>
        <ChartCard
          title="Seasonality Heatmap"
          table={view.seasonalityTable}
          height={440}
          mobileHeight={420}
          note={`Average monthly return %; colours capped at ±${seasonalityRange}%.${lateNote ? ` Shorter history: ${lateNote}.` : ''}`}
        >
          {({ width, height }) => (
            <SectorHeatmap
              rows={view.seasonality}
              width={width}
              height={height}
              range={seasonalityRange}
              steps={colourSteps}
              compact={heatmapCompact}
              rowNotes={view.seasonalityNotes}
            />
          )}
        </ChartCard>
      </Box>
      <Box sx={gridSx}>
        {view.bars.map((bar) => (
          <ChartCard key={bar.key} title={bar.title} table={bar.table} height={380} mobileHeight={360}>
            {({ width, height, isMobile }) => (
              <Suspense fallback={<Box sx={{ width, height }} />}>
                <SectorBarChart data={bar.data} width={width} height={height} compact={isMobile} />
              </Suspense>
            )}
          </ChartCard>
        ))}
      </Box>
    </Box>
  );
}

export function SectorPerformancePage() {
  const { data, isFetching } = useSectorPerformanceData();
  return (
    <Box component="article">
      <Box sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h1" gutterBottom>
          Sector Performance
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          The sectors are the {SECTOR_ETFS.length} sector ETFs ({SECTOR_ETFS.map((s) => s.ticker).join(', ')}).
          Seasonality goes back to 2004 except Real Estate (2015) and Communication Services (2018).
          {data?.as_of ? ` Data as of ${data.as_of}.` : ''}
        </Typography>
      </Box>
      {data && <SectorCharts data={data} />}
      {data && (
        <Box sx={{ mt: { xs: 2, sm: 3 } }}>
          <Suspense fallback={<Box sx={{ height: 560 }} />}>
            <MarketMapCard />
          </Suspense>
        </Box>
      )}
      <LoadingOverlay open={isFetching && !data} />
    </Box>
  );
}
