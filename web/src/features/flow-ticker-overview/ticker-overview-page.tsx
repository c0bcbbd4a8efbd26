import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { QuotePanel } from '../../components/ticker/quote-panel.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useGlobalTicker } from '../../lib/global-ticker.tsx';
import { isGateError, useSubscriptionGate } from '../../lib/subscription-gate.ts';
import { useIntradayPremiums, useTickerData, type IntervalCode } from './api/ticker-overview-api.ts';
import { IntradayCard } from './components/intraday-card.tsx';
import { LatestTrades } from './components/latest-trades.tsx';
import { MetricsTables } from './components/metrics-tables.tsx';
import { SeasonalityCharts } from './components/seasonality-charts.tsx';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

/** Spec part 2 section 9: 0 = 1 minute, 1 = 10 minutes (default), 2 = 30 minutes. */
export const INTERVAL_OPTIONS: ReadonlyArray<{ code: IntervalCode; label: string }> = [
  { code: '0', label: '1 minute' },
  { code: '1', label: '10 minutes' },
  { code: '2', label: '30 minutes' },
];

/** Ticker Overview (/optionsflow-ticker-overview): one ticker's flow metrics, intraday premiums, seasonality and latest trades. */
export function TickerOverviewPage() {
  const [ticker, setTicker] = useGlobalTicker();
  const [interval, setInterval] = useState<IntervalCode>('1');
  const [gateError, setGateError] = useState<unknown>(null);
  const allowed = useSubscriptionGate(gateError);
  const d1 = useTickerData('get_options_flow_ticker_metrics_1d_data', ticker, allowed);
  const d5 = useTickerData('get_options_flow_ticker_metrics_data', ticker, allowed);
  const intraday = useIntradayPremiums(ticker, interval, allowed);
  const season = useTickerData('get_options_flow_seasonality_data', ticker, allowed);
  const latest = useTickerData('get_options_flow_latest_trades_data', ticker, allowed);
  const queries = [d1, d5, intraday, season, latest];
  const refused = queries.map((q) => q.error).find(isGateError);
  if (refused && refused !== gateError) setGateError(refused);

  const loaded = queries.every((q) => q.data);
  const noFlow = loaded && !d1.data?.has_flow && !d5.data?.has_flow && !season.data?.has_flow && !latest.data?.date;
  const loading = allowed && queries.some((q) => q.isFetching);

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Ticker Overview
        </Typography>
        <GeneratedDataCaption datasets={['options_flow']} />
        <Typography variant="body2" color="text.secondary">
          Options flow of one ticker: today against the prior days, premiums through the session, when its flow usually
          comes, and its latest trades. Premiums are in thousands of dollars; flows count trades.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TickerSearch onSelect={setTicker} label="Search ticker" sx={{ width: { xs: '100%', sm: 320 } }} />
        {/* The quote is part of the gated screen: asked for only when the flow may load, so a visitor meets the gate, not its alerts. */}
        {allowed && <QuotePanel ticker={ticker} sx={{ flex: 1, minWidth: 260 }} />}
      </Box>
      {noFlow && (
        <Alert severity="info" role="status">
          No options flow for {ticker} yet.
        </Alert>
      )}
      {(d1.data || d5.data) && !noFlow && <MetricsTables d1={d1.data} d5={d5.data} />}
      {!noFlow && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id="interval-label" variant="body2">
            Interval
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={interval}
            onChange={(_, v: IntervalCode | null) => v && setInterval(v)}
            aria-labelledby="interval-label"
          >
            {INTERVAL_OPTIONS.map((o) => (
              <ToggleButton key={o.code} value={o.code} sx={{ textTransform: 'none', px: 1.5, color: 'text.primary' }}>
                {o.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
      )}
      {intraday.data && intraday.data.index.length > 0 && <IntradayCard data={intraday.data} />}
      {season.data?.has_flow && (
        <Box component="section" aria-labelledby="seasonality-title">
          <Typography
            id="seasonality-title"
            variant="h5"
            component="h2"
            sx={{ fontSize: { xs: '1.1rem', sm: '1.3rem' } }}
          >
            Seasonality
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="seasonality-coverage">
            Average premium per trading day of {season.data.ticker} over {season.data.days} full days (
            {season.data.from} to {season.data.to}); days without its flow count as zero, and months outside that range
            have no bar.
          </Typography>
          <SeasonalityCharts data={season.data} />
        </Box>
      )}
      {latest.data && latest.data.data.length > 0 && <LatestTrades data={latest.data} />}
      <LoadingOverlay open={loading} />
    </Box>
  );
}
