import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { TimeSeriesChart, type TimeSeries } from '../../components/charts/time-series-chart.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { WatchlistStar } from '../../components/watchlist/watchlist-star.tsx';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useVolatilityData, type VolatilityDataResponse } from './api/get-volatility-data.ts';
import { ExpectedMoveTable } from './components/expected-move-table.tsx';
import { IvRankGauge } from './components/iv-rank-gauge.tsx';
import { historySeries, historyTable, skewSeries, termSeries, termTable } from './utils/reshape.ts';

const pctOf = (v: number | null) => (v === null ? '-' : `${formatNumber(v * 100, 1)}%`);
const pctTick = (v: number) => `${formatNumber(v, 1)}%`;

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function LineCard(props: {
  title: string;
  dates: readonly string[];
  series: readonly TimeSeries[];
  table: ReturnType<typeof historyTable>;
  note: string;
}) {
  return (
    <ChartCard title={props.title} table={props.table} height={360} mobileHeight={320} note={props.note}>
      {({ width, height, isMobile }) => (
        <TimeSeriesChart
          dates={props.dates}
          series={props.series}
          width={width}
          height={height}
          compact={isMobile}
          formatValue={pctTick}
          formatTick={pctTick}
        />
      )}
    </ChartCard>
  );
}

function Volatility({ data }: { data: VolatilityDataResponse }) {
  const view = useMemo(
    () => ({
      history: historySeries(data),
      historyTable: historyTable(data),
      term: termSeries(data),
      skew: skewSeries(data),
      termTable: termTable(data),
    }),
    [data],
  );
  const d = data.definitions;
  return (
    <>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 3fr' } }}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
          <Stat label="ATM IV (30-day)" value={pctOf(data.atm_iv)} testId="stat-atm-iv" />
          <Stat label="Realised 20d" value={pctOf(data.realised_vol_20)} testId="stat-rv20" />
          <Stat label="Realised 60d" value={pctOf(data.realised_vol_60)} testId="stat-rv60" />
          <Stat
            label={`IV range, ${data.iv_window_days} sessions`}
            value={`${pctOf(data.iv_low)} – ${pctOf(data.iv_high)}`}
            testId="stat-iv-range"
          />
        </Box>
        <IvRankGauge rank={data.iv_rank} percentile={data.iv_percentile} />
      </Paper>
      {data.iv_days_until_full > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="iv-days-until-full">
          IV rank and percentile are taken over the {data.iv_window_days} sessions of daily at-the-money IV stored so
          far: {data.iv_days_until_full} more until a full year of 252.
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { ml: 0, mb: 1 } }}>
        {(
          [
            ['IV rank', d.iv_rank],
            ['IV percentile', d.iv_percentile],
            ['Realised volatility', d.realised_vol],
          ] as const
        ).map(([term, definition]) => (
          <Box key={term}>
            <Typography component="dt" variant="body2">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary">
              {definition}
            </Typography>
          </Box>
        ))}
      </Box>
      <LineCard
        title="Implied vs Realised Volatility"
        dates={data.history.dates}
        series={view.history}
        table={view.historyTable}
        note={`${d.atm_iv} Daily over the last ${data.history.dates.length} sessions, against the 20-session realised volatility.`}
      />
      <LineCard
        title="Term Structure"
        dates={view.term.dates}
        series={view.term.series}
        table={view.termTable}
        note="At-the-money IV of each expiration a year out (mean of the call and put mid IVs at the strike nearest the price); expirations are evenly spaced."
      />
      <LineCard
        title="Skew at 25 Delta"
        dates={view.skew.dates}
        series={view.skew.series}
        table={view.termTable}
        note="Put and call IV at equal (25) delta beside the ATM IV, per expiration; the risk reversal is call − put (in the data table)."
      />
      <ExpectedMoveTable data={data} />
    </>
  );
}

export function VolatilityPage() {
  const navigate = useNavigate();
  const ticker = useSyncGlobalTicker(useTickerParam());
  const vol = useVolatilityData(ticker);
  const data = vol.data?.ticker === ticker ? vol.data : undefined;
  const failed =
    vol.error instanceof ApiError && isAlertBody(vol.error.body)
      ? vol.error.body.alert_message
      : vol.error
        ? 'Volatility data could not be loaded. Please try again.'
        : undefined;
  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: '0.35em' }}>
          <Typography variant="h1">Volatility{ticker ? `: ${ticker}` : ''}</Typography>
          {ticker && <WatchlistStar ticker={ticker} size="medium" />}
        </Box>
        <GeneratedDataCaption datasets={['option_chains']} />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          Implied volatility in context: where today&apos;s at-the-money IV sits in its past year, how it compares with
          the volatility the stock has realised, how it varies by expiration and strike, and the move the options price
          in.
          {data ? ` ${data.ticker} ${formatNumber(data.underlying_price, 2)}, as of ${data.as_of} (New York).` : ''}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 240px', maxWidth: 420 }}>
          <TickerSearch
            label="Search ticker for its volatility"
            onSelect={(t) => void navigate(`/volatility/${encodeURIComponent(t)}`)}
          />
        </Box>
        {ticker && (
          <Link component={RouterLink} to={`/optionchain/${encodeURIComponent(ticker)}`}>
            {ticker} option chain
          </Link>
        )}
      </Box>
      {failed && !data && (
        <Typography role="alert" data-testid="volatility-error">
          {failed}
        </Typography>
      )}
      {data && <Volatility data={data} />}
      <LoadingOverlay open={vol.isFetching && !data} />
    </Box>
  );
}
