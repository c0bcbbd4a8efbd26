import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { FlowTable } from '../../components/flow/flow-table.tsx';
import { TopPremiumsChart } from '../../components/flow/top-premiums-chart.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { SCORE_HELP } from '@tapewatch/shared/flow/score';
import { FLOW_CONTEXT_HELP } from '@tapewatch/shared/flow/print-context';
import { useViewportWidth } from '../../lib/use-viewport.ts';
import { useSubscriptionGate } from '../../lib/subscription-gate.ts';
import { CURRENT_FLOW_KEY, useCurrentOptionsFlow } from './api/get-current-options-flow.ts';
import { useHistoricalOptionsFlow, type HistoricalRequest } from './api/get-historical-options-flow.ts';
import { logTestSocket } from './api/test-socket.ts';
import { FilterPanel } from '../../components/flow/filter-panel.tsx';
import { KeyStatsCharts } from './components/key-stats-charts.tsx';
import { ModeControls, type FlowMode } from './components/mode-controls.tsx';
import { useLiveFlow } from './live/use-live-flow.ts';
import {
  filtersForServer,
  liveView,
  mergeLive,
  watchlistFilterEntry,
  withWatchlist,
  type FilterEntry,
  type FlowView,
} from './utils/flow-view.ts';
import { useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

/** The Alerts page opens its editor with these filters (and the watchlist chip's list). */
function alertLink(filters: readonly unknown[], watchlistId: string | null): string {
  const params = new URLSearchParams({ filters: JSON.stringify(filters) });
  if (watchlistId) params.set('watchlist', watchlistId);
  return `/alerts?${params.toString()}`;
}

/** Spec part 9: the filter panel is hidden under 1000 px. */
export const FILTER_PANEL_MIN_WIDTH = 1000;
const EMPTY: readonly never[] = [];

export function OptionsFlowPage() {
  const client = useQueryClient();
  const [mode, setMode] = useState<FlowMode>('live');
  const [filters, setFilters] = useState<FilterEntry[]>([]);
  const [dates, setDates] = useState({ start: '', end: '' });
  const [request, setRequest] = useState<HistoricalRequest | null>(null);
  const live = mode === 'live';
  const watch = useWatchlistFilter();

  const [gateError, setGateError] = useState<unknown>(null);
  const allowed = useSubscriptionGate(gateError);
  const current = useCurrentOptionsFlow(allowed && live);
  const historical = useHistoricalOptionsFlow(allowed && !live ? request : null);
  const error = current.error ?? historical.error;
  useEffect(() => setGateError(error), [error]);

  const reload = useCallback(() => void client.invalidateQueries({ queryKey: CURRENT_FLOW_KEY }), [client]);
  const stream = useLiveFlow({ enabled: allowed && live, loading: current.isFetching, onCleared: reload });
  useEffect(() => {
    if (allowed && live) void logTestSocket();
  }, [allowed, live]);

  const base = current.data?.options_flow ?? EMPTY;
  const baseKeys = useMemo(() => new Set(base.map((t) => t.key)), [base]);
  const liveTrades = useMemo(() => mergeLive(base, stream.streamed, baseKeys), [base, stream.streamed, baseKeys]);
  const view: FlowView | null = useMemo(() => {
    if (live) return current.data ? withWatchlist(liveView(liveTrades, filters), watch.tickers) : null;
    const h = historical.data;
    const all = h
      ? { trades: h.options_flow, keyStats: h.key_stats, calls: h.largest_call_premiums, puts: h.largest_put_premiums }
      : null;
    return all && watch.tickers ? withWatchlist(all, watch.tickers) : all;
  }, [live, current.data, liveTrades, filters, historical.data, watch.tickers]);

  const onMode = (next: FlowMode) => {
    setMode(next);
    if (next === 'live') {
      // Spec part 2 section 4: switching to live requests the current flow and clears the dates.
      setDates({ start: '', end: '' });
      setRequest(null);
      reload();
    }
  };
  // Historical: the watchlist goes to the server as a Ticker filter, so the 10k-row cap is spent on the list.
  const submit = () =>
    setRequest({
      start: dates.start,
      end: dates.end,
      filters: [...filtersForServer(filters), ...watchlistFilterEntry(watch.tickers)],
    });
  const wide = useViewportWidth() >= FILTER_PANEL_MIN_WIDTH;
  // Both answers carry where the stored history starts; the live one is loaded first, so the
  // historical date picker is bounded before the first historical query.
  const firstDate = historical.data?.first_date ?? current.data?.first_date ?? null;
  const loading = live ? current.isFetching && !current.data : historical.isFetching;

  return (
    <Box component="article">
      <Box sx={{ mb: 2 }}>
        <Typography variant="h1">Options Flow</Typography>
        <GeneratedDataCaption datasets={['options_flow']} />
        <Typography variant="subtitle1" component="p" color="text.secondary">
          Live &amp; Historical
        </Typography>
        <PageHelp testId="score-help">
          <Box component="p" sx={{ whiteSpace: 'pre-line', my: 0 }}>
            {SCORE_HELP}
          </Box>
          <Box component="p" data-testid="flow-context-help" sx={{ whiteSpace: 'pre-line', mt: 1, mb: 0 }}>
            {FLOW_CONTEXT_HELP}
          </Box>
        </PageHelp>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {wide && <FilterPanel filters={filters} onChange={setFilters} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <WatchlistFilterChip filter={watch} />
          {allowed && (
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={alertLink(filtersForServer(filters), watch.listId)}
              data-testid="alert-me"
            >
              Alert me on this filter
            </Button>
          )}
          {watch.list && !live && (
            <Typography variant="caption" color="text.secondary">
              Press Historical to query the list&apos;s tickers.
            </Typography>
          )}
        </Box>
        <ModeControls
          mode={mode}
          onMode={onMode}
          start={dates.start}
          end={dates.end}
          onDates={(start, end) => setDates({ start, end })}
          onSubmit={submit}
          status={stream.status}
          minDate={firstDate}
        />
        {!live && firstDate && dates.start !== '' && dates.start < firstDate && (
          <Alert severity="info" data-testid="range-notice">
            Options flow is stored from {firstDate}: the days before it have no data here (not "no trades").
          </Alert>
        )}
        {!live && historical.data?.capped && (
          <Alert severity="info" data-testid="capped-notice">
            Showing the newest {historical.data.options_flow.length.toLocaleString('en-US')} trades: the result was
            capped. Narrow the range or add filters to see the rest.
          </Alert>
        )}
        {!live && !request && <Typography color="text.secondary">Choose a date range and press Historical.</Typography>}
        {view && (
          <>
            <KeyStatsCharts stats={view.keyStats} />
            <Typography variant="body2" color="text.secondary" data-testid="flow-count">
              {view.trades.length.toLocaleString('en-US')} trades
              {live && stream.streamed.length > 0
                ? ` (${stream.streamed.length.toLocaleString('en-US')} streamed since loading)`
                : ''}
            </Typography>
            {/* Historical adds Date: 14 columns fit 1440 px only with tighter cells. */}
            <Box sx={{ '& .MuiTableCell-root': { px: 1 } }}>
              <FlowTable trades={view.trades} live={live} newestKey={live ? stream.newestKey : null} star />
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              <TopPremiumsChart side="Call" entries={view.calls} />
              <TopPremiumsChart side="Put" entries={view.puts} />
            </Box>
          </>
        )}
      </Box>
      <LoadingOverlay open={loading} />
    </Box>
  );
}
