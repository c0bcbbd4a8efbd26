/**
 * The multi-start ARIMA estimate on demo closes, alone or one start at a time: what the exhaustive
 * optimum check (arima-exhaustive.ts, arima-multistart.test.ts) compares. Issue 20.
 */
import { estimateArma, type ArmaEstimate } from '@tapewatch/functions/analytics/arima-estimate';
import {
  detrend,
  difference,
  startingPoints,
  trendSpec,
  type ArimaTrend,
  type ArmaStart,
} from '@tapewatch/functions/analytics/arima-regression';
import { readBundle } from './load-demo.ts';
import { readStocks } from './universe.ts';

export const AS_OF = '2024-03-08';

/** The last `count` closes to AS_OF of every demo ticker (bundle ETFs and VIX first, then stocks). */
export function* demoCloses(count = 500): Generator<{ ticker: string; closes: number[] }> {
  const cut = (ticker: string, dates: string[], close: number[]) => {
    const end = dates.findLastIndex((d) => d <= AS_OF) + 1;
    return { ticker, closes: close.slice(Math.max(0, end - count), end) };
  };
  for (const [ticker, s] of readBundle().series) yield cut(ticker, s.date, s.close);
  for (const s of readStocks()) yield cut(s.ticker, s.series.date, s.series.close);
}

/** Starts the estimate had before 13ad9ee made them run: zeros and the cancelling AR/MA pairs (all but one brief). */
function added(s: ArmaStart, p: number, q: number): boolean {
  if (s.brief) return true;
  return (
    p > 0 &&
    q > 0 &&
    s.phi[0] === 0.95 &&
    s.theta[0] === -0.95 &&
    [...s.phi.slice(1), ...s.theta.slice(1)].every((v) => v === 0)
  );
}

/**
 * The ARIMA(p,1,q) ARMA estimate as fitArima makes it (enforced stationarity and invertibility):
 * from every start, from start `only` (an index of startingPoints or a start of its own) alone
 * (screened and pursued to convergence, brief or not), or
 * ('old') without the starts 13ad9ee added.
 */
export function fitStarts(
  closes: number[],
  p: number,
  q: number,
  trend: ArimaTrend,
  only?: number | 'old' | ArmaStart,
): { llf: number; est: ArmaEstimate | null; starts: ArmaStart[] } {
  const w = difference(closes, 1);
  const X = trendSpec(trend, 1).columns.map((col) =>
    difference(
      closes.map((_, i) => col(1 + i)),
      1,
    ),
  );
  const z0 = detrend(w, X);
  const scale = z0.reduce((s, v) => s + v * v, 0) / z0.length;
  const all = startingPoints(w, X, p, q);
  const starts =
    only === undefined
      ? all
      : only === 'old'
        ? all.filter((s) => !added(s, p, q))
        : [{ ...(typeof only === 'number' ? all[only]! : only), brief: false }];
  const est = estimateArma({ series: [w, ...X], p, d: 1, q, diffuse: false }, starts, {
    enforceStationarity: true,
    enforceInvertibility: true,
    scale,
  });
  return { llf: est ? -est.profile.nll : -Infinity, est, starts: all };
}

/**
 * The best log-likelihood of the starts run one at a time: over every start ('all'), and over the
 * starts the multi-start screened (a brief start it outranked excluded: 'screened').
 */
export function exhaustive(closes: number[], p: number, q: number, trend: ArimaTrend) {
  const chosen = fitStarts(closes, p, q, trend);
  let all = chosen.llf;
  let screened = chosen.llf;
  chosen.starts.forEach((_, i) => {
    const one = fitStarts(closes, p, q, trend, i).llf;
    all = Math.max(all, one);
    if (chosen.est?.runs[i]?.outcome !== 'outranked') screened = Math.max(screened, one);
  });
  return { chosen, all, screened };
}
