// ARIMA parameters: the choices, defaults and rules of the query (schemas/arima.ts validates them).
// No zod here: the web imports these without the validation library.

/** Spec part 2 sections 5 and 9: selectors 0-5, trends n/c/t/ct, three 0/1 switches. */
export const ARIMA_ORDER_CHOICES = [0, 1, 2, 3, 4, 5] as const;
export const ARIMA_TRENDS = ['n', 'c', 't', 'ct'] as const;
export type ArimaTrendId = (typeof ARIMA_TRENDS)[number];

/**
 * Covariance of the estimates (statsmodels' cov_type): 'approx' numerical Hessian (the default),
 * 'oim' observed information (Harvey 1989), 'opg' outer product of gradients (statsmodels' own default).
 */
export const ARIMA_COV_TYPES = ['approx', 'oim', 'opg'] as const;
export type ArimaCovType = (typeof ARIMA_COV_TYPES)[number];
export const ARIMA_COV_TYPE_LABELS: Record<ArimaCovType, string> = {
  approx: 'approx (numerical Hessian)',
  oim: 'oim (observed information matrix)',
  opg: 'opg (outer product of gradients)',
};

export const ARIMA_DEFAULTS = {
  ticker: 'SPY',
  p: 1,
  d: 1,
  q: 1,
  trend: 't',
  stationarity: 1,
  invertibility: 1,
  offset: 1,
  concentrate: 0,
  cov_type: 'approx',
} as const;

/** The fit uses the last WINDOW daily closes and forecasts HORIZON trading days with a (1 - ALPHA) band. */
export const ARIMA_WINDOW = 500;
export const ARIMA_HORIZON = 20;
export const ARIMA_ALPHA = 0.05;
export const ARIMA_ACF_LAGS = 30;

/** Spec part 2 section 5: for trends c and ct d must be 0; for t d must be 0 or 1. */
export function arimaRuleViolation(trend: ArimaTrendId, d: number): string | null {
  if ((trend === 'c' || trend === 'ct') && d !== 0)
    return `must be 0 when trend is '${trend}' (for trends c and ct d must be 0)`;
  if (trend === 't' && d > 1) return "must be 0 or 1 when trend is 't'";
  return null;
}
