/**
 * Measuring tool (issue 20): on the last 500 closes of demo tickers, how many multi-start ARIMA fits
 * end more than 1e-3 log-likelihood units below the exhaustive optimum (every start alone, pursued to
 * convergence) and below the starts of the code before 13ad9ee, with the gradient evaluations spent.
 * Usage: npx tsx scripts/demo-data/arima-exhaustive.ts [tickers=200]
 */
import type { ArimaTrend } from '@tapewatch/functions/analytics/arima-regression';
import { demoCloses, exhaustive, fitStarts } from './arima-multistart.ts';

const orders: Array<[number, number, ArimaTrend]> = [
  [1, 1, 't'],
  [2, 2, 't'],
  [3, 3, 'n'],
];
const limit = Number(process.argv[2] ?? 200);
const series = [...demoCloses()];
const stride = Math.max(1, Math.floor(series.length / limit));
const sample = series.filter((_, i) => i % stride === 0).slice(0, limit);

for (const [p, q, trend] of orders) {
  const below = { all: [] as string[], screened: [] as string[], old: [] as string[] };
  let gradients = 0;
  for (const { ticker, closes } of sample) {
    const { chosen, all, screened } = exhaustive(closes, p, q, trend);
    gradients += chosen.est?.evaluations.gradient ?? 0;
    const old = fitStarts(closes, p, q, trend, 'old').llf;
    const gap = (best: number) => `${ticker} ${(best - chosen.llf).toFixed(3)}`;
    if (chosen.llf < all - 1e-3) below.all.push(gap(all));
    if (chosen.llf < screened - 1e-3) below.screened.push(gap(screened));
    if (chosen.llf < old - 1e-3) below.old.push(gap(old));
  }
  const spy = fitStarts(series.find((s) => s.ticker === 'SPY')!.closes, p, q, trend).est!;
  const list = (xs: string[]) => `${xs.length} [${xs.join(', ')}]`;
  console.log(
    `(${p},1,${q}) ${trend} on ${sample.length}: below exhaustive (all starts) ${list(below.all)}; below exhaustive (screened starts) ${list(below.screened)}; below the old starts ${list(below.old)}; gradients over the sample ${gradients}; SPY gradients ${spy.evaluations.gradient}, likelihoods ${spy.evaluations.likelihood}`,
  );
}
