import { describe, expect, it } from 'vitest';
import type { ArimaTrend } from '@tapewatch/functions/analytics/arima-regression';
import { demoCloses, exhaustive, fitStarts } from './arima-multistart.ts';

/**
 * Issue 20: once the zeros and cancelling-pair starts ran (13ad9ee), pursuing only the best two
 * screened runs left these fits below the best of their screened starts each pursued alone (KHC by
 * 1.2, BDX by 0.75, PNC by 3.0, NRG by 3.5 log-likelihood units; BDX and NRG also below the fit
 * without the new starts): the new starts outranked the winning run at screening. Now every
 * converged run, the best two others and any within 2 units of the best are pursued.
 */
const cases: Array<[string, number, number, ArimaTrend]> = [
  ['KHC', 1, 1, 't'],
  ['BDX', 2, 2, 't'],
  ['PNC', 2, 2, 't'],
  ['NRG', 3, 3, 'n'],
];

describe('multi-start ARIMA reaches the best of its screened starts on demo closes', () => {
  const wanted = new Set(cases.map(([t]) => t));
  const closes = new Map([...demoCloses()].filter((s) => wanted.has(s.ticker)).map((s) => [s.ticker, s.closes]));

  it.each(cases)('%s ARIMA(%i,1,%i) trend %s', (ticker, p, q, trend) => {
    const y = closes.get(ticker)!;
    expect(y).toHaveLength(500);
    const { chosen, screened } = exhaustive(y, p, q, trend);
    expect(chosen.llf).toBeGreaterThanOrEqual(screened - 1e-3);
    expect(chosen.llf).toBeGreaterThanOrEqual(fitStarts(y, p, q, trend, 'old').llf - 1e-3);
  });
});

/**
 * Issue 36 item 4: on ARMA(2,2) the likelihood of real closes has a local maximum at almost every
 * frequency where a nearly cancelling pair of complex AR and MA roots fits a narrow spectral peak;
 * the estimate started only from Hannan-Rissanen, CSS, zeros and the real pair at 1 and ended 4.5
 * (BLDR), 7.3 (WRB) and 7.1 (GLW) units below the best of those maxima. Here each pair (radius
 * 1/0.95, every 15 degrees) is pursued alone, independently of the estimator's own starts (every 30
 * degrees, brief). Not reached yet: SPY, 1.9 units below a maximum of this grid that its 30-degree
 * starts miss (issue 36 item 4 asks only for statsmodels' polished starts, which it beats there).
 */
describe('multi-start ARIMA(2,1,2) reaches the best cancelling-pair maximum on demo closes', () => {
  const tickers = ['BLDR', 'WRB', 'GLW'];
  const closes = new Map([...demoCloses()].filter((s) => tickers.includes(s.ticker)).map((s) => [s.ticker, s.closes]));
  const pair = (deg: number) => {
    const a = 2 * 0.95 * Math.cos((deg * Math.PI) / 180);
    return { phi: [a, -0.95 * 0.95], theta: [-a, 0.95 * 0.95] };
  };

  it.each(tickers)('%s ARIMA(2,1,2) trend t', (ticker) => {
    const y = closes.get(ticker)!;
    const { llf } = fitStarts(y, 2, 2, 't');
    let best = -Infinity;
    for (let deg = 15; deg < 180; deg += 15) best = Math.max(best, fitStarts(y, 2, 2, 't', pair(deg)).llf);
    expect(llf).toBeGreaterThanOrEqual(best - 0.01);
  });
});
