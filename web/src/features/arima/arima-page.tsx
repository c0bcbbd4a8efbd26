import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { ARIMA_DEFAULTS, ARIMA_HORIZON, ARIMA_WINDOW } from '@tapewatch/shared/params/arima';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { QuotePanel } from '../../components/ticker/quote-panel.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useGlobalTicker } from '../../lib/global-ticker.tsx';
import { useArimaData, type ArimaData } from './api/get-ts-arima-data.ts';
import { ArimaControls } from './components/arima-controls.tsx';
import { CorrelogramChart } from './components/correlogram-chart.tsx';
import { ForecastChart } from './components/forecast-chart.tsx';
import { ProbPlotChart } from './components/prob-plot-chart.tsx';
import { ResidualChart } from './components/residual-chart.tsx';
import { SummaryTable } from './components/summary-table.tsx';
import {
  RECENT_SESSIONS,
  correlogramTable,
  forecastTable,
  probPlotTable,
  residualTable,
  toForecastView,
  toProbPlotView,
} from './utils/reshape.ts';
import type { ArimaSettings } from './utils/rules.ts';

const { ticker: _t, ...DEFAULT_SETTINGS } = ARIMA_DEFAULTS;
export const ARIMA_DEFAULT_SETTINGS: ArimaSettings = DEFAULT_SETTINGS;

const gridSx = { display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } } as const;

function ArimaCharts({ data }: { data: ArimaData }) {
  const view = useMemo(
    () => ({
      forecast: toForecastView(data.pred),
      recent: toForecastView(data.pred, RECENT_SESSIONS),
      forecastTable: forecastTable(data.pred),
      residualTable: residualTable(data.residual),
      acfTable: correlogramTable(data.acf, 'ACF'),
      pacfTable: correlogramTable(data.pacf, 'PACF'),
      pp: toProbPlotView(data.ppplot),
      ppTable: probPlotTable(data.ppplot, 'Theoretical probability', 'Sample probability', 'pp'),
      qq: toProbPlotView(data.qqplot),
      qqTable: probPlotTable(data.qqplot, 'Theoretical quantile', 'Sample quantile', 'qq'),
    }),
    [data],
  );
  const { p, d, q, trend } = data.params;
  const [span, setSpan] = useState<'recent' | 'all'>('recent');
  return (
    <>
      <ChartCard
        title="Price and Predictions"
        table={view.forecastTable}
        height={420}
        mobileHeight={320}
        controls={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={span}
            onChange={(_e, v: 'recent' | 'all' | null) => v && setSpan(v)}
            aria-label="Chart span"
          >
            <ToggleButton value="recent">Last 6 months</ToggleButton>
            <ToggleButton value="all">All {data.window} closes</ToggleButton>
          </ToggleButtonGroup>
        }
        note={`${data.ticker}: last ${data.window} daily closes and the ARIMA(${p},${d},${q}) trend '${trend}' forecast for the next ${data.horizon} trading days with its 95% confidence band.`}
      >
        {({ width, height, isMobile }) => (
          <ForecastChart
            view={span === 'all' ? view.forecast : view.recent}
            width={width}
            height={height}
            compact={isMobile}
          />
        )}
      </ChartCard>
      <ChartCard
        title="Residual"
        table={view.residualTable}
        height={300}
        mobileHeight={240}
        note="One-step-ahead forecast errors of the (differenced) series."
      >
        {({ width, height, isMobile }) => (
          <ResidualChart residual={data.residual} width={width} height={height} compact={isMobile} />
        )}
      </ChartCard>
      <Box sx={gridSx}>
        <ChartCard
          title="ACF"
          table={view.acfTable}
          height={300}
          mobileHeight={240}
          note="Residual autocorrelation; shaded: ±1.96/√n."
        >
          {({ width, height, isMobile }) => (
            <CorrelogramChart data={data.acf} width={width} height={height} compact={isMobile} />
          )}
        </ChartCard>
        <ChartCard
          title="PACF"
          table={view.pacfTable}
          height={300}
          mobileHeight={240}
          note="Residual partial autocorrelation; shaded: ±1.96/√n."
        >
          {({ width, height, isMobile }) => (
            <CorrelogramChart data={data.pacf} width={width} height={height} compact={isMobile} />
          )}
        </ChartCard>
        <ChartCard
          title="PP Plot"
          table={view.ppTable}
          height={320}
          mobileHeight={280}
          note="Fitted normal CDF of the sorted residuals against their plotting positions; the line is y = x."
        >
          {({ width, height, isMobile }) => (
            <ProbPlotChart
              view={view.pp}
              xLabel="Theoretical probability"
              width={width}
              height={height}
              compact={isMobile}
            />
          )}
        </ChartCard>
        <ChartCard
          title="QQ Plot"
          table={view.qqTable}
          height={320}
          mobileHeight={280}
          note="Sorted residuals against normal quantiles; the line passes through the quartiles."
        >
          {({ width, height, isMobile }) => (
            <ProbPlotChart
              view={view.qq}
              xLabel="Theoretical quantile"
              width={width}
              height={height}
              compact={isMobile}
            />
          )}
        </ChartCard>
      </Box>
      <SummaryTable summary={data.summary} ticker={data.ticker} />
    </>
  );
}

function errorText(error: unknown, ticker: string): string {
  if (error instanceof ApiError && isAlertBody(error.body)) return error.body.alert_message;
  return `No ARIMA model for ${ticker}.`;
}

export function ArimaPage() {
  const [ticker, setTicker] = useGlobalTicker();
  const [settings, setSettings] = useState<ArimaSettings>(ARIMA_DEFAULT_SETTINGS);
  const [applied, setApplied] = useState<ArimaSettings>(ARIMA_DEFAULT_SETTINGS);
  const query = useArimaData({ ticker, ...applied });
  const data = query.data && query.data.ticker === ticker && !query.isError ? query.data : undefined;
  const dirty = JSON.stringify(settings) !== JSON.stringify(applied);

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 } }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Time Series / ARIMA
        </Typography>
        <PageHelp testId="arima-help">
          <p>
            We fit an ARIMA(p, d, q) model by exact maximum likelihood to the last {ARIMA_WINDOW} daily closes of the
            ticker and forecast the next {ARIMA_HORIZON} trading days with a 95% confidence band. p is the number of
            autoregressive lags, d the number of differences, q the number of moving-average lags.
          </p>
          <p>
            Trend adds a deterministic term on the time index t = offset, offset + 1, …: n none, c a constant, t a
            linear trend (a drift of the differences when d = 1), ct both. For trends c and ct d must be 0; for t d must
            be 0 or 1 (choosing c or ct sets d = 0 and locks it, choosing t sets d = 1, choosing d above 1 sets trend
            n). Stationarity and invertibility keep the AR and MA parts inside their stable regions (off: statsmodels'
            unconstrained fit from a diffuse start); concentrate profiles the variance out of the likelihood, so sigma2
            gets no standard error. Std. errors chooses the covariance of the estimates as statsmodels names it: approx
            (numerical Hessian, the default), oim (observed information) or opg (outer product of gradients).
          </p>
          <p>
            The residual charts check the fit: a good model leaves residuals whose ACF and PACF stay inside the shaded
            band and whose PP and QQ plots follow the line; the residual tests under the summary (Ljung-Box,
            Jarque-Bera, heteroskedasticity) say the same in numbers, a small Prob rejecting white noise, normality or
            constant variance. Forecasts are statistical extrapolations, not advice.
          </p>
          <p>
            Warnings above the summary say when a number should not be read at face value. A root on the unit circle
            puts the estimate on the boundary of its region, where standard errors are undefined. An AR root and an MA
            root that nearly cancel (closer than 1/√n) mean the model describes the series about as well without both:
            the AR and MA coefficients are then not separately identified, and their std err, z, P&gt;|z| and interval
            are left out, because they would claim far more precision than the data give.
          </p>
        </PageHelp>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TickerSearch onSelect={setTicker} label="Search ARIMA ticker" sx={{ width: { xs: '100%', sm: 320 } }} />
        <QuotePanel ticker={ticker} sx={{ flex: 1, minWidth: 260 }} />
      </Box>
      <ArimaControls value={settings} onChange={setSettings} onUpdate={() => setApplied(settings)} dirty={dirty} />
      {query.isError && (
        <Alert severity="warning" data-testid="arima-error">
          {errorText(query.error, ticker)}
        </Alert>
      )}
      {data && <ArimaCharts data={data} />}
      <LoadingOverlay open={query.isFetching} />
    </Box>
  );
}
