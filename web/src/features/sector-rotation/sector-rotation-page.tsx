import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FACTOR_LABELS } from '@tapewatch/shared/params/sector-rotation';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { useSectorRotationData, type RotationParams } from './api/get-sector-rotation-data.ts';
import { QuadrantChart } from './components/quadrant-chart.tsx';
import { RotationControls } from './components/rotation-controls.tsx';
import { RotationTables } from './components/rotation-tables.tsx';
import { legendOf, pointsTable, toPoints, type ColorMode } from './utils/reshape.ts';
import { useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';

const DEFAULTS: RotationParams = { index: 'sp500', lookback: 12, factor: 'rate_of_change' };

function Help() {
  return (
    <PageHelp testId="rotation-help">
      <p style={{ margin: '0 0 4px' }}>
        Weekly closes (the last close of each week, dividend-adjusted) over a lookback of L weeks, against SPY for the
        S&amp;P 500 and QQQ for the NASDAQ 100. RS = price / benchmark. Relative strength = 100 x RS / mean(RS over the
        last L weeks). Relative Momentum (rate_of_change) = 100 x RS / RS L weeks ago. Price Momentum (momentum) = 100 x
        price / mean(price over the last L weeks). Absolute Price Momentum (absolute_momentum) = 100 x price / price L
        weeks ago.
      </p>
      <p style={{ margin: 0 }}>
        Position: relative strength and factor both at or above 100 = Leading; relative strength at or above 100 and
        factor below 100 = Weakening; both below 100 = Lagging; relative strength below 100 and factor at or above 100 =
        Improving. Super sectors: Cyclical (Materials, Consumer Discretionary, Financials, Real Estate), Sensitive
        (Communication Services, Energy, Industrials, Information Technology), Defensive (Consumer Staples, Health Care,
        Utilities).
      </p>
    </PageHelp>
  );
}

export function SectorRotationPage() {
  const watch = useWatchlistFilter();
  const [params, setParams] = useState<RotationParams>(DEFAULTS);
  const [color, setColor] = useState<ColorMode>('position');
  const [tails, setTails] = useState<ReadonlySet<string>>(new Set());
  const { data, isFetching, error } = useSectorRotationData(params);
  const points = useMemo(() => (data ? toPoints(data, color) : []), [data, color]);
  const legend = useMemo(() => legendOf(points, color), [points, color]);
  const table = useMemo(() => (data ? pointsTable(data) : null), [data]);
  const toggle = (ticker: string) =>
    setTails((s) => {
      const next = new Set(s);
      if (!next.delete(ticker)) next.add(ticker);
      return next;
    });
  const factorLabel = FACTOR_LABELS[data?.factor ?? params.factor];

  return (
    <Box component="article">
      <Box sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h1" gutterBottom>
          Sector Rotation
        </Typography>
        <Help />
      </Box>
      <RotationControls params={params} color={color} onParams={setParams} onColor={setColor} />
      {error && !data && (
        <Typography color="error" role="alert">
          {error.message}
        </Typography>
      )}
      {data && table && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
          {data.main_data.length === 0 ? (
            <Typography data-testid="rotation-empty">
              No tickers with {data.lookback} weeks of history for this index.
            </Typography>
          ) : (
            <ChartCard
              title={`Relative Strength vs ${factorLabel}`}
              table={table}
              height={520}
              mobileHeight={380}
              note={`${data.main_data.length} tickers, ${data.lookback}-week lookback vs ${data.benchmark}, as of ${data.as_of}. Click a point or a row in All to show its last weekly points.`}
              controls={
                <>
                  <Box sx={{ mb: 1 }}>
                    <WatchlistFilterChip filter={watch} mode="highlight" />
                  </Box>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1 }} data-testid="rotation-legend">
                    {legend.map((l) => (
                      <Box key={l.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 12 }}>
                        <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: l.color }} />
                        {l.label}
                      </Box>
                    ))}
                  </Box>
                </>
              }
            >
              {({ width, height, isMobile }) => (
                <QuadrantChart
                  points={points}
                  width={width}
                  height={height}
                  yLabel={factorLabel}
                  tails={tails}
                  compact={isMobile}
                  onPointClick={toggle}
                  highlighted={watch.tickers}
                />
              )}
            </ChartCard>
          )}
          <RotationTables data={data} selected={tails} onToggle={toggle} highlighted={watch.tickers} />
        </Box>
      )}
      <LoadingOverlay open={isFetching} />
    </Box>
  );
}
