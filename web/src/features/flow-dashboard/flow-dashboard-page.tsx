import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { isGateError, useSubscriptionGate } from '../../lib/subscription-gate.ts';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useDashboardData } from './api/dashboard-api.ts';
import { DashboardSections } from './components/dashboard-sections.tsx';
import { WatchlistFlowCard } from './components/watchlist-flow-card.tsx';
import { tickerAppears, weekText } from './utils/dashboard-view.ts';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

export const DASHBOARD_PATH = '/optionsflow-dashboard';

/**
 * Options Flow Dashboard (/optionsflow-dashboard[/:ticker], spec part 2 section 2.9): the day's flow
 * at a glance. The optional ticker only highlights; every call is the same with or without it.
 */
export function FlowDashboardPage() {
  const navigate = useNavigate();
  const highlight = useTickerParam() ?? null;
  const [gateError, setGateError] = useState<unknown>(null);
  const allowed = useSubscriptionGate(gateError);
  const quotes = useDashboardData('get_options_flow_index_quotes_data', allowed);
  const metrics = useDashboardData('get_options_flow_index_metrics_data', allowed);
  const largest = useDashboardData('get_options_flow_largest_flow_data', allowed);
  const sectors = useDashboardData('get_options_flow_sector_inflow_data', allowed);
  const otm = useDashboardData('get_options_flow_most_otm_data', allowed);
  const leaps = useDashboardData('get_options_flow_high_oi_leaps_data', allowed);
  const premiums = useDashboardData('get_options_flow_daily_over_avg_premiums_data', allowed);
  const volume = useDashboardData('get_options_flow_daily_over_avg_size_data', allowed);
  const queries = [quotes, metrics, largest, sectors, otm, leaps, premiums, volume];
  const refused = queries.map((q) => q.error).find(isGateError);
  if (refused && refused !== gateError) setGateError(refused);

  const loaded = queries.every((q) => q.data);
  const day = largest.data?.date ?? metrics.data?.date ?? sectors.data?.date ?? null;
  const noFlow = loaded && day === null;
  const found = useMemo(
    () =>
      highlight !== null &&
      tickerAppears(highlight, {
        daily: largest.data?.daily ?? [],
        weekly: largest.data?.weekly ?? [],
        tables: [otm.data?.data ?? [], leaps.data?.data ?? []],
        charts: [premiums.data, volume.data].flatMap((d) => (d ? [d.calls, d.puts] : [])),
      }),
    [highlight, largest.data, otm.data, leaps.data, premiums.data, volume.data],
  );

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Options Flow Dashboard
        </Typography>
        <GeneratedDataCaption datasets={['options_flow']} />
        <PageHelp testId="dashboard-help">
          The day&apos;s options flow at a glance: SPY, QQQ and IWM with their call and put premiums and trade counts,
          the largest trades of the day and of the week, premiums by sector, the trades furthest out of the money, the
          long-dated options (LEAPS, a year or more to expiry) with the highest open interest, and the tickers whose
          premiums or contract volume today stand furthest above their 20-day average. The day is today once its session
          has flow, else the latest day with flow; the week is the last 5 days with flow. Premiums are in thousands of
          dollars. Open the page as /optionsflow-dashboard/TICKER, or click a bubble or a table row, to highlight that
          ticker everywhere: its index card is framed, its bubbles outlined, its bars labelled in bold and its table
          rows marked; a ticker without flow here highlights nothing.
        </PageHelp>
      </Box>
      {day && (
        <Typography variant="body2" color="text.secondary" data-testid="dashboard-coverage">
          Flow of {day}
          {weekText(largest.data?.week_from, day)}
        </Typography>
      )}
      {highlight && (
        <Typography variant="body2" data-testid="dashboard-highlight">
          {!loaded || found ? (
            <>
              Highlighting <strong>{highlight}</strong>: its bubbles are outlined and its rows marked.{' '}
            </>
          ) : (
            <>{highlight} has no flow on this dashboard, so nothing is highlighted. </>
          )}
          <Link component={RouterLink} to={DASHBOARD_PATH}>
            Clear highlight
          </Link>
        </Typography>
      )}
      {noFlow && (
        <Alert severity="info" role="status">
          No options flow yet: the dashboard fills in once the first trades arrive.
        </Alert>
      )}
      {!noFlow && allowed && <WatchlistFlowCard enabled={allowed} />}
      {!noFlow && (
        <DashboardSections
          day={day}
          highlight={found ? highlight : null}
          onPick={(t) => void navigate(`${DASHBOARD_PATH}/${t}`)}
          data={{
            quotes: quotes.data,
            metrics: metrics.data,
            largest: largest.data,
            sectors: sectors.data,
            otm: otm.data,
            leaps: leaps.data,
            premiums: premiums.data,
            volume: volume.data,
          }}
        />
      )}
      <LoadingOverlay open={allowed && queries.some((q) => q.isFetching)} />
    </Box>
  );
}
