import { z } from 'zod';
import { tickerParam } from './tickers.ts';
import {
  ARIMA_COV_TYPES,
  ARIMA_ORDER_CHOICES,
  ARIMA_TRENDS,
  ARIMA_DEFAULTS,
  arimaRuleViolation,
} from '../params/arima.ts';
export * from '../params/arima.ts';

/** Integer 0-5 from the query text (numbers too, so the typed web client can pass its state as is). */
function intChoice<T extends readonly number[]>(values: T, def: T[number]) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return def;
      const n = Number(s);
      if (String(s).trim() === '' || !values.includes(n)) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${values[0]} to ${values.at(-1)}` });
        return z.NEVER;
      }
      return n as T[number];
    });
}

const switch01 = (def: 0 | 1) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((s, ctx) => {
      if (s === undefined) return def;
      if (String(s) === '0' || String(s) === '1') return Number(s) as 0 | 1;
      ctx.addIssue({ code: 'custom', message: 'must be 0 or 1' });
      return z.NEVER;
    });

export const arimaQuery = z
  .strictObject({
    ticker: tickerParam.default(ARIMA_DEFAULTS.ticker),
    p: intChoice(ARIMA_ORDER_CHOICES, ARIMA_DEFAULTS.p),
    d: intChoice(ARIMA_ORDER_CHOICES, ARIMA_DEFAULTS.d),
    q: intChoice(ARIMA_ORDER_CHOICES, ARIMA_DEFAULTS.q),
    trend: z.enum(ARIMA_TRENDS).default(ARIMA_DEFAULTS.trend),
    stationarity: switch01(ARIMA_DEFAULTS.stationarity),
    invertibility: switch01(ARIMA_DEFAULTS.invertibility),
    offset: intChoice(ARIMA_ORDER_CHOICES, ARIMA_DEFAULTS.offset),
    concentrate: switch01(ARIMA_DEFAULTS.concentrate),
    cov_type: z.enum(ARIMA_COV_TYPES).default(ARIMA_DEFAULTS.cov_type),
  })
  .superRefine((q, ctx) => {
    const why = arimaRuleViolation(q.trend, q.d);
    if (why) ctx.addIssue({ code: 'custom', path: ['d'], message: why });
  });
export type ArimaParams = z.output<typeof arimaQuery>;
export type ArimaRequest = z.input<typeof arimaQuery>;

const indexed = z.object({ index: z.array(z.number()), data: z.array(z.number()) });
const probPlot = z.object({ x: z.array(z.number()), scatter: z.array(z.number()), line: z.array(z.number()) });

export const arimaCoefficientSchema = z.object({
  name: z.string(),
  coef: z.number().nullable(),
  std_err: z.number().nullable(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
  ci_lower: z.number().nullable(),
  ci_upper: z.number().nullable(),
});
export type ArimaCoefficient = z.infer<typeof arimaCoefficientSchema>;

/** Chart series are rounded: prices and residuals to 4 decimals, correlations and plot points to 6. */
export const arimaResponse = z.object({
  ticker: z.string(),
  params: z.object({
    p: z.number().int(),
    d: z.number().int(),
    q: z.number().int(),
    trend: z.enum(ARIMA_TRENDS),
    stationarity: z.number().int(),
    invertibility: z.number().int(),
    offset: z.number().int(),
    concentrate: z.number().int(),
    cov_type: z.enum(ARIMA_COV_TYPES),
  }),
  window: z.number().int(),
  horizon: z.number().int(),
  pred: z.object({
    prices: z.array(z.tuple([z.string(), z.number()])),
    predictions: z.array(z.object({ date: z.string(), value: z.number(), lower: z.number(), upper: z.number() })),
  }),
  /** Spec: the model summary as HTML; every interpolated value is HTML-escaped on the server. */
  table: z.string(),
  /** The same summary as structured rows: what the screen renders (and exports as CSV). */
  summary: z.object({
    title: z.string(),
    stats: z.array(z.object({ label: z.string(), value: z.number().nullable() })),
    coefficients: z.array(arimaCoefficientSchema),
    /** Fit warnings (statsmodels-style), e.g. a singular covariance: the standard errors are null. */
    warnings: z.array(z.string()),
    /** Which covariance the standard errors come from, in words (statsmodels' "Covariance Type"). */
    covariance: z.string(),
    /**
     * The residual tests statsmodels prints under the summary, on the standardised residuals:
     * Ljung-Box Q at lags 1 and 10, Jarque-Bera, heteroskedasticity H (each with its p-value),
     * skew and kurtosis (no p-value).
     */
    diagnostics: z.array(
      z.object({ label: z.string(), statistic: z.number().nullable(), p_value: z.number().nullable() }),
    ),
  }),
  /** One-step-ahead residuals of the differenced series, indexed by date. */
  residual: z.object({ index: z.array(z.string()), data: z.array(z.number()) }),
  /** Residual ACF / PACF by lag (lag 0 included); bound = 1.96 / sqrt(n), the usual white-noise band. */
  acf: indexed.extend({ bound: z.number() }),
  pacf: indexed.extend({ bound: z.number() }),
  ppplot: probPlot,
  qqplot: probPlot,
});
export type ArimaData = z.infer<typeof arimaResponse>;
