import {
  ARIMA_ACF_LAGS,
  ARIMA_ALPHA,
  ARIMA_COV_TYPE_LABELS,
  ARIMA_HORIZON,
  ARIMA_WINDOW,
  type ArimaCoefficient,
  type ArimaData,
  type ArimaParams,
} from '@tapewatch/shared/schemas/arima';
import {
  AnalyticsError,
  acf,
  arimaDiagnostics,
  fitArima,
  normalQuantile,
  pacf,
  ppPoints,
  qqPoints,
  type ArimaDiagnostics,
} from '../../analytics/index.ts';
import { escapeHtml } from '../../analytics/arima-summary.ts';

export interface CloseSeries {
  dates: string[];
  closes: number[];
}

/** Bad input the user can fix (a fit that fails, too little history): the handler answers 400. */
export class ArimaInputError extends Error {}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

/** Chart series are rounded (prices to 1/10000 like the stored closes): halves the payload. */
const round = (digits: number) => {
  const f = 10 ** digits;
  return (x: number): number => Math.round(x * f) / f;
};
const r4 = round(4);
const r6 = round(6);
const probPlot = (p: { x: number[]; scatter: number[]; line: number[] }) => ({
  x: p.x.map(r6),
  scatter: p.scatter.map(r6),
  line: p.line.map(r6),
});

function fmt(x: number | null, digits = 4): string {
  if (x === null) return '-';
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return x.toExponential(digits - 1);
  return x.toFixed(digits);
}

/** The spec's `table`: HTML whose every interpolated value (names included) is escaped. */
export function summaryHtml(summary: ArimaData['summary']): string {
  const head = ['', 'coef', 'std err', 'z', 'P>|z|', '[0.025', '0.975]'];
  const rows = summary.coefficients.map((c) => {
    const cells = [fmt(c.coef), fmt(c.std_err), fmt(c.z, 3), fmt(c.p_value, 3), fmt(c.ci_lower), fmt(c.ci_upper)];
    return `<tr><th scope="row">${escapeHtml(c.name)}</th>${cells.map((v) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`;
  });
  const stats = summary.stats.map(
    (s) =>
      `<tr><th scope="row">${escapeHtml(s.label)}</th><td>${escapeHtml(s.label === 'No. Observations' ? String(s.value) : fmt(s.value, 3))}</td></tr>`,
  );
  const covariance = `<tr><th scope="row">Covariance Type</th><td>${escapeHtml(summary.covariance)}</td></tr>`;
  const tests = summary.diagnostics.map(
    (t) =>
      `<tr><th scope="row">${escapeHtml(t.label)}</th><td>${escapeHtml(fmt(t.statistic, 2))}</td><td>${escapeHtml(fmt(t.p_value, 2))}</td></tr>`,
  );
  return [
    `<table class="arima-summary"><caption>${escapeHtml(summary.title)}</caption><tbody>${stats.join('')}${covariance}</tbody></table>`,
    `<table class="arima-coefficients"><thead><tr>${head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table>`,
    `<table class="arima-diagnostics"><thead><tr><th scope="col">Test</th><th scope="col">Statistic</th><th scope="col">Prob</th></tr></thead><tbody>${tests.join('')}</tbody></table>`,
    ...summary.warnings.map((w) => `<p class="arima-warning">Warning: ${escapeHtml(w)}</p>`),
  ].join('');
}

/** statsmodels' summary labels, in its order. */
export function diagnosticRows(dg: ArimaDiagnostics): ArimaData['summary']['diagnostics'] {
  return [
    { label: 'Ljung-Box (L1) (Q)', statistic: finite(dg.ljungBox1.q), p_value: finite(dg.ljungBox1.p) },
    { label: 'Ljung-Box (L10) (Q)', statistic: finite(dg.ljungBox10.q), p_value: finite(dg.ljungBox10.p) },
    { label: 'Jarque-Bera (JB)', statistic: finite(dg.jarqueBera.jb), p_value: finite(dg.jarqueBera.p) },
    {
      label: 'Heteroskedasticity (H)',
      statistic: finite(dg.heteroskedasticity.h),
      p_value: finite(dg.heteroskedasticity.p),
    },
    { label: 'Skew', statistic: finite(dg.skew), p_value: null },
    { label: 'Kurtosis', statistic: finite(dg.kurtosis), p_value: null },
  ];
}

/**
 * Fits ARIMA(p, d, q) with the chosen trend to the last ARIMA_WINDOW closes and builds the spec's
 * response: prices and a HORIZON-day forecast with its 95% band on `futureDates`, the summary, and
 * residual diagnostics (series, ACF, PACF, normal PP and QQ plots).
 */
export function computeArima(
  ticker: string,
  series: CloseSeries,
  params: Omit<ArimaParams, 'ticker'>,
  futureDates: (last: string, n: number) => string[],
): ArimaData {
  const start = Math.max(0, series.closes.length - ARIMA_WINDOW);
  const dates = series.dates.slice(start);
  const closes = series.closes.slice(start);
  if (closes.length === 0) throw new ArimaInputError(`We have no price history for ${ticker}.`);
  const { p, d, q, trend } = params;
  try {
    const fit = fitArima(closes, {
      p,
      d,
      q,
      trend,
      enforceStationarity: params.stationarity === 1,
      enforceInvertibility: params.invertibility === 1,
      concentrateScale: params.concentrate === 1,
      trendOffset: params.offset,
      covType: params.cov_type,
    });
    const fc = fit.forecast(ARIMA_HORIZON, ARIMA_ALPHA);
    const future = futureDates(dates.at(-1)!, ARIMA_HORIZON);
    const z975 = normalQuantile(1 - ARIMA_ALPHA / 2);
    const coefficients: ArimaCoefficient[] = Object.keys(fit.bse).map((name) => {
      const coef = fit.params[name]!;
      // A nearly cancelling AR/MA pair's coefficients: their statistics would mislead (fit.warnings says why).
      const se = fit.withheld.includes(name) ? Number.NaN : fit.bse[name]!;
      return {
        name,
        coef: finite(coef),
        std_err: finite(se),
        z: finite(coef / se),
        p_value: Number.isFinite(se) ? finite(fit.pvalues[name]!) : null,
        ci_lower: finite(coef - z975 * se),
        ci_upper: finite(coef + z975 * se),
      };
    });
    const stats = [
      { label: 'No. Observations', value: fit.nobs },
      { label: 'Log Likelihood', value: finite(fit.llf) },
      { label: 'AIC', value: finite(fit.aic) },
      { label: 'BIC', value: finite(fit.bic) },
      { label: 'HQIC', value: finite(fit.hqic) },
      { label: 'sigma2', value: finite(fit.sigma2) },
    ];
    const summary = {
      title: `${ticker} ARIMA(${p},${d},${q}), trend '${trend}', last ${closes.length} daily closes`,
      stats,
      coefficients,
      warnings: fit.warnings,
      covariance: ARIMA_COV_TYPE_LABELS[params.cov_type],
      diagnostics: diagnosticRows(arimaDiagnostics(fit.standardizedResiduals)),
    };
    // The counted residuals only: a diffuse start's burn-in errors are prior noise, not fit.
    const resid = fit.residuals.slice(fit.burnIn);
    const lags = Math.min(ARIMA_ACF_LAGS, resid.length - 1);
    const lagIndex = Array.from({ length: lags + 1 }, (_, i) => i);
    const bound = z975 / Math.sqrt(resid.length);
    return {
      ticker,
      params: {
        p,
        d,
        q,
        trend,
        stationarity: params.stationarity,
        invertibility: params.invertibility,
        offset: params.offset,
        concentrate: params.concentrate,
        cov_type: params.cov_type,
      },
      window: closes.length,
      horizon: ARIMA_HORIZON,
      pred: {
        prices: dates.map((date, i) => [date, closes[i]!] as [string, number]),
        predictions: future.map((date, i) => ({
          date,
          value: r4(fc.mean[i]!),
          lower: r4(fc.lower[i]!),
          upper: r4(fc.upper[i]!),
        })),
      },
      table: summaryHtml(summary),
      summary,
      residual: { index: dates.slice(dates.length - resid.length), data: resid.map(r4) },
      acf: { index: lagIndex, data: acf(resid, lags).map(r6), bound },
      pacf: { index: lagIndex, data: pacf(resid, lags).map(r6), bound },
      ppplot: probPlot(ppPoints(resid)),
      qqplot: probPlot(qqPoints(resid)),
    };
  } catch (err) {
    if (err instanceof AnalyticsError) throw new ArimaInputError(err.message);
    throw err;
  }
}
