import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { TimeSeriesChart } from '../../components/charts/time-series-chart.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useOptionMinmax, type OptionMinmaxData } from './api/get-option-minmax.ts';
import { DEFAULT_WALLS_TICKER, useOptionWalls, type OptionWallsData } from './api/get-option-walls.ts';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { ExpiryToggles } from './components/expiry-toggles.tsx';
import { GexLevels } from './components/gex-levels.tsx';
import { OptionWallsHelp } from './components/option-walls-help.tsx';
import { StrikeBarChart } from './components/strike-bar-chart.tsx';
import {
  expiriesOf,
  formatShort,
  gexChartData,
  gexReferenceLines,
  gexTable,
  minmaxStrikeNote,
  minmaxTable,
  wallsChartData,
  wallsTable,
} from './utils/reshape.ts';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';
import { PriceBasisNote } from '../../components/ui/price-basis-note.tsx';

const MINMAX_COLORS = { Calls: '#2e7d32', Puts: '#c62828' } as const;

function WallsCharts({ walls }: { walls: OptionWallsData }) {
  const expiries = useMemo(() => expiriesOf(walls.data), [walls]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => new Set(expiries.filter((e) => !hidden.has(e))), [expiries, hidden]);
  const toggle = (expiry: string) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(expiry)) next.delete(expiry);
      else next.add(expiry);
      return next;
    });
  const view = useMemo(
    () => ({
      bars: wallsChartData(walls.data, shown),
      table: wallsTable(walls.data, shown),
      gex: gexChartData(walls.gex),
      gexTable: gexTable(walls.gex),
      levels: gexReferenceLines(walls),
    }),
    [walls, shown],
  );
  const band = walls.limits.strike_band_pct;
  return (
    <>
      <ChartCard
        title="Delta-Adjusted OI per Strike"
        table={view.table}
        height={440}
        mobileHeight={360}
        note={`Delta x open interest x 100 per strike, calls up and puts down, stacked by expiry. Nearest ${walls.limits.expiries} expiries, strikes within ±${band}% of spot ${formatNumber(walls.spot, 2)}.`}
        controls={
          <ExpiryToggles
            expiries={expiries.map((e) => ({ expiry: e, color: walls.data[e]!.color }))}
            shown={shown}
            onToggle={toggle}
          />
        }
      >
        {({ width, height, isMobile }) => (
          <StrikeBarChart data={view.bars} width={width} height={height} compact={isMobile} formatValue={formatShort} />
        )}
      </ChartCard>
      <ChartCard
        title="Gamma Exposure per Strike"
        table={view.gexTable}
        height={440}
        mobileHeight={380}
        note={`Dollars of delta change per 1% move of ${walls.underlying}, all live expiries, strikes within ±${band}% of spot.`}
        controls={<GexLevels levels={view.levels} />}
      >
        {({ width, height, isMobile }) => (
          <StrikeBarChart
            data={view.gex}
            width={width}
            height={height}
            compact={isMobile}
            formatValue={formatShort}
            referenceLines={view.levels}
          />
        )}
      </ChartCard>
    </>
  );
}

function MinmaxChart({ minmax }: { minmax: OptionMinmaxData }) {
  const table = useMemo(() => minmaxTable(minmax), [minmax]);
  const series = useMemo(
    () => [
      { id: 'Calls', color: MINMAX_COLORS.Calls, values: minmax.calls },
      { id: 'Puts', color: MINMAX_COLORS.Puts, values: minmax.puts },
    ],
    [minmax],
  );
  return (
    <ChartCard
      title="Maximum and Minimum Delta-Adjusted OI per Date"
      table={table}
      height={380}
      mobileHeight={340}
      note="Per date: the largest call and the most negative put delta-adjusted OI of any expiry and strike; hover for the strike."
    >
      {({ width, height, isMobile }) => (
        <TimeSeriesChart
          dates={minmax.dates}
          series={series}
          width={width}
          height={height}
          compact={isMobile}
          formatValue={formatShort}
          formatTick={formatShort}
          tooltipNote={(id, i) => minmaxStrikeNote(minmax, id, i)}
        />
      )}
    </ChartCard>
  );
}

export function OptionWallsPage() {
  const navigate = useNavigate();
  // The screen opens on SPY (its walls are precomputed); a searched ticker's are computed on demand.
  const ticker = useTickerParam() ?? DEFAULT_WALLS_TICKER;
  const isDefault = ticker === DEFAULT_WALLS_TICKER;
  const walls = useOptionWalls(ticker);
  const minmax = useOptionMinmax();
  const hasWalls = walls.data && Object.keys(walls.data.data).length > 0;
  const loading = (walls.isFetching && !walls.data) || (isDefault && minmax.isFetching && !minmax.data);
  return (
    <Box component="article">
      <Box sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h1" gutterBottom>
          Option Walls{isDefault ? '' : `: ${ticker}`}
        </Typography>
        <GeneratedDataCaption datasets={['option_chains']} />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          {ticker} option open interest by strike.{' '}
          {isDefault ? 'Data updates at 4:35pm EST.' : 'Computed from the current delayed chain.'}
          {walls.data ? ` Chain as of ${walls.data.as_of}, spot ${formatNumber(walls.data.spot, 2)}.` : ''}
        </Typography>
        {walls.data && (
          <PriceBasisNote ticker={walls.data.underlying} basis={walls.data.price_basis} testId="walls-price-basis" />
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
        <Box sx={{ maxWidth: 420 }}>
          <TickerSearch
            label="Search ticker for its option walls"
            onSelect={(t) => void navigate(`/optionwalls/${encodeURIComponent(t)}`)}
          />
        </Box>
        {walls.data && hasWalls && <WallsCharts walls={walls.data} />}
        {((walls.data && !hasWalls) || (walls.isError && !walls.data)) && (
          <Typography role="status" data-testid="walls-empty">
            No {ticker} option chain data is available yet. It is loaded after the close; please check back later.
          </Typography>
        )}
        {/* The daily history is kept for SPY alone (the after-close job). */}
        {isDefault && minmax.data && minmax.data.dates.length > 0 && <MinmaxChart minmax={minmax.data} />}
        {isDefault && ((minmax.data && minmax.data.dates.length === 0) || (minmax.isError && !minmax.data)) && (
          <Typography role="status" data-testid="minmax-empty">
            No daily history of SPY option chains is available yet.
          </Typography>
        )}
        <OptionWallsHelp />
      </Box>
      <LoadingOverlay open={loading} />
    </Box>
  );
}
