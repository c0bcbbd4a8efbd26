import { useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import {
  FACTOR_BEST_RULE,
  FACTOR_DEFINITIONS,
  FACTOR_ENTRY_RULE,
  FACTOR_QUALITY_RULE,
  type FactorAnalysisFactor,
  type FactorTimeframe,
} from '@tapewatch/shared/params/factor-analysis';
import { QuotePanel } from '../../components/ticker/quote-panel.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useGlobalTicker, useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useFactorAnalysisData } from './api/get-factor-analysis-data.ts';
import { FactorCharts } from './components/factor-charts.tsx';
import { FactorControls } from './components/factor-controls.tsx';
import { DEFAULT_FACTOR, DEFAULT_TIMEFRAME, hasData, isFactor, isTimeframe, lastSignalText } from './utils/reshape.ts';

export const factorAnalysisPath = (factor: FactorAnalysisFactor, timeframe: FactorTimeframe, ticker: string) =>
  `/factor-analysis/${factor}/${timeframe}/${encodeURIComponent(ticker)}`;

function errorText(error: unknown): string {
  if (error instanceof ApiError && isAlertBody(error.body)) return error.body.alert_message;
  return 'The factor analysis could not be loaded.';
}

/**
 * The route holds the selection (/factor-analysis/:factor/:timeframe/:ticker). A control change
 * navigates there, and the query (keyed by the parameters) loads once; a route change alone (deep
 * link, back button) loads through the same key, so nothing loads twice.
 */
export function FactorAnalysisPage() {
  const params = useParams();
  const ticker = useSyncGlobalTicker(useTickerParam());
  const [, setTicker] = useGlobalTicker();
  const navigate = useNavigate();
  const factor = isFactor(params.factor) ? params.factor : DEFAULT_FACTOR;
  const timeframe = isTimeframe(params.timeframe) ? params.timeframe : DEFAULT_TIMEFRAME;
  const query = useFactorAnalysisData({ ticker, factor, timeframe });
  const go = (f: FactorAnalysisFactor, t: FactorTimeframe, sym: string) => navigate(factorAnalysisPath(f, t, sym));
  const result = query.isError ? undefined : query.data;
  // The shown timeframe is the one of the data on screen: it switches once the new data arrives.
  const shownTimeframe = result?.params.timeframe ?? timeframe;
  const data = result && hasData(result.body) ? result.body : undefined;

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Factor Analysis
        </Typography>
        <PageHelp testId="factor-help">
          <p>
            A factor fires a signal on the bar where its condition turns true (not on every bar it stays true). Daily
            bars are trading days; weekly bars are the last trading day of each week; lookbacks count bars of the chosen
            timeframe. Prices are adjusted for splits and dividends. {FACTOR_ENTRY_RULE} For every past signal the
            forward return is measured at 1, 5, 10, 20, 40, 60 and 120 days (daily) or 1, 2, 4, 8, 12, 26 and 52 weeks
            (weekly); the Statistics table shows them all (in-sample).
          </p>
          <p data-testid="factor-rules">
            {FACTOR_BEST_RULE} The comparison panel's out-of-sample column, the returns charts and the cumulative curve
            come from these out-of-sample trades (the profit/loss ratio is the average gain of the profitable trades /
            the average loss of the losing ones). {FACTOR_QUALITY_RULE}
          </p>
          <Box
            component="dl"
            sx={{ m: 0, '& dt': { fontWeight: 600, color: 'text.primary' }, '& dd': { ml: 0, mb: 1 } }}
          >
            {FACTOR_DEFINITIONS.map((f) => (
              <Box key={f.id} data-testid={`definition-${f.id}`}>
                <dt>{f.label}</dt>
                <dd>{f.definition}</dd>
              </Box>
            ))}
          </Box>
        </PageHelp>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TickerSearch
          onSelect={(next) => {
            setTicker(next);
            go(factor, timeframe, next);
          }}
          label="Search factor analysis ticker"
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <QuotePanel ticker={ticker} sx={{ flex: 1, minWidth: 260 }} />
      </Box>
      <FactorControls
        factor={factor}
        timeframe={shownTimeframe}
        onFactor={(f) => go(f, timeframe, ticker)}
        onTimeframe={(t) => go(factor, t, ticker)}
      />
      {query.isError && (
        <Alert severity="warning" data-testid="factor-error">
          {errorText(query.error)}
        </Alert>
      )}
      {data && (
        <Alert severity={data.passes_quality ? 'info' : 'warning'} icon={false} data-testid="last-signal">
          <strong>Last Signal: </strong>
          {lastSignalText(data)}
        </Alert>
      )}
      {result && !data && !query.isError && !query.isPlaceholderData && (
        <Alert severity="info" data-testid="factor-no-data">
          No data
        </Alert>
      )}
      {data && <FactorCharts data={data} />}
      <LoadingOverlay open={query.isFetching} />
    </Box>
  );
}
