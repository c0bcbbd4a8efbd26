/**
 * The residual tests statsmodels prints under an ARIMA summary (MLEResults.summary, 0.13.5), on the
 * standardised one-step forecast errors of the observations in the likelihood:
 *   Ljung-Box Q at lags 1 and 10 (test_serial_correlation('ljungbox'), no df adjustment):
 *     Q = n (n + 2) sum_k r_k^2 / (n - k), r_k the biased ACF of the demeaned series, p = chi2(L);
 *   Jarque-Bera (test_normality('jarquebera')): skew and Pearson kurtosis from biased moments,
 *     JB = n / 6 (S^2 + (K - 3)^2 / 4), p = chi2(2);
 *   heteroskedasticity H (test_heteroskedasticity('breakvar')): sum of squares of the last h
 *     over the first h, h = round(n / 3), two-sided p from F(h, h).
 */
import { acf } from './acf.ts';
import { AnalyticsError } from './errors.ts';
import { fSurvival, incompleteGammaQ } from './special.ts';

export interface ArimaDiagnostics {
  ljungBox1: { q: number; p: number };
  ljungBox10: { q: number; p: number };
  jarqueBera: { jb: number; p: number };
  skew: number;
  kurtosis: number;
  heteroskedasticity: { h: number; p: number };
}

const chi2Survival = (x: number, df: number) => incompleteGammaQ(df / 2, x / 2);

export function ljungBox(x: number[], lags: number): { q: number; p: number } {
  const n = x.length;
  const r = acf(x, lags);
  let q = 0;
  for (let k = 1; k <= lags; k++) q += (r[k]! * r[k]!) / (n - k);
  q *= n * (n + 2);
  return { q, p: chi2Survival(q, lags) };
}

export function jarqueBera(x: number[]): { jb: number; p: number; skew: number; kurtosis: number } {
  const n = x.length;
  const mean = x.reduce((s, v) => s + v, 0) / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const v of x) {
    const e = v - mean;
    m2 += e * e;
    m3 += e * e * e;
    m4 += e * e * e * e;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  const skew = m3 / m2 ** 1.5;
  const kurtosis = m4 / (m2 * m2);
  const jb = (n / 6) * (skew * skew + ((kurtosis - 3) * (kurtosis - 3)) / 4);
  return { jb, p: chi2Survival(jb, 2), skew, kurtosis };
}

export function breakvarHeteroskedasticity(x: number[]): { h: number; p: number } {
  const n = x.length;
  const h = Math.round(n / 3);
  let late = 0;
  let early = 0;
  for (let i = 0; i < h; i++) {
    early += x[i]! * x[i]!;
    late += x[n - h + i]! * x[n - h + i]!;
  }
  const stat = late / early;
  const upper = fSurvival(stat, h, h);
  return { h: stat, p: 2 * Math.min(upper, 1 - upper) };
}

export function arimaDiagnostics(standardized: number[]): ArimaDiagnostics {
  if (standardized.length < 12) {
    throw new AnalyticsError('too_short', 'The residual diagnostics need at least 12 residuals.');
  }
  const jb = jarqueBera(standardized);
  return {
    ljungBox1: ljungBox(standardized, 1),
    ljungBox10: ljungBox(standardized, 10),
    jarqueBera: { jb: jb.jb, p: jb.p },
    skew: jb.skew,
    kurtosis: jb.kurtosis,
    heteroskedasticity: breakvarHeteroskedasticity(standardized),
  };
}
