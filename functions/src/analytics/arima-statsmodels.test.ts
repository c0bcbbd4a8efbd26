import { describe, expect, it } from 'vitest';
import { fitArima, type CovType } from './arima.ts';
import { arimaDiagnostics } from './arima-diagnostics.ts';
import { isInvertible, isStationary } from './arma-params.ts';
import { observationTerms, sumOf } from './arima-likelihood.ts';
import { difference, trendSpec } from './arima-regression.ts';
import realSeries from './fixtures/arima-real-series.json' with { type: 'json' };
import reference from './fixtures/arima-statsmodels.json' with { type: 'json' };

/**
 * fitArima against statsmodels 0.13.5 on real series (fixtures/arima-real-series.json: the last 500
 * closes to 2024-03-08 of SPY, XLK, XLE, VIX, FFIV, AAPL, log SPY, daily log returns of SPY, QQQ and
 * XOM, 300 months of Shiller's log S&P 500, from the committed demo bundle). The statsmodels values
 * (fixtures/arima-statsmodels.json) were produced by scripts/arima-reference/reference.py with
 * Debian's python3-statsmodels 0.13.5+dfsg / numpy 1.24: `ARIMA(y, order, trend,
 * enforce_stationarity, enforce_invertibility).fit()` as a user calls it ("default"), and the best of
 * that fit and fits polished (maxiter 1000, pgtol 1e-10) from it, from zero ARMA coefficients, from
 * both cancelling AR/MA pairs and from four seeded admissible draws ("best"), with its
 * cov_params_approx / _oim / _opg, get_forecast(20) and the summary's residual tests.
 *
 * Per case: our log-likelihood is at least statsmodels' (default fit) - 1e-3 and its best - 0.01
 * (issue 36 item 4). Where we reach the
 * same optimum as its best fit (see sameOptimum) parameters agree to 1% (of the larger of |value|
 * and its standard error), the three kinds of standard errors to 1%, the 20-step forecast to 1e-4
 * relative (of the larger of |forecast| and its standard error), and the residual tests to their
 * printed precision.
 */

interface Case {
  series: keyof typeof realSeries.series;
  order: [number, number, number];
  trend: 'n' | 'c' | 't' | 'ct';
  stationarity: number;
  invertibility: number;
  default: { llf: number; converged: boolean };
  best: {
    llf: number;
    names: string[];
    params: number[];
    se: Record<CovType, number[]>;
    forecast: { mean: number[]; se: number[] };
    diagnostics: {
      ljung_box_1: [number, number];
      ljung_box_10: [number, number];
      jarque_bera: [number, number];
      skew: number;
      kurtosis: number;
      heteroskedasticity: [number, number];
    };
  };
}

const cases = reference.cases as unknown as Case[];
/** The reviewer's real-series cases where the search stopped at a worse local maximum (500 observations to 2024-03-08). */
const ITEM_4 = [
  'jpm_ret (3,0,3) trend c',
  'tsla_ret (4,0,4) trend n',
  'iwm (2,1,2) trend t',
  'iwm (3,1,3) trend t',
  'msft (4,1,4) trend t',
  'msft (4,1,4) trend n',
];
/**
 * None of our fits ends more than 0.01 below statsmodels' best polished start. Before the
 * cancelling-pair starts 11 did, by up to 1.98; before the Whittle starts (arma-whittle.ts) 7, by up
 * to 1.26 (xlk (2,1,2) t 0.70, spy (5,1,5) t 0.085, vix (3,0,2) c 0.63, qqq_ret (2,0,2) n 0.73,
 * jpm_ret (3,0,3) c 0.60, iwm (2,1,2) t 0.50, msft (4,1,4) n 1.26); with the Whittle grid every 8
 * degrees only, 1 (qqq_ret (2,0,2) n, 0.023: our peak at 161 degrees against statsmodels' notch at 45).
 */
/** Fits at statsmodels' best optimum (within 1e-5 of our likelihood there): parameters, s.e. and forecasts compared. */
const SAME_OPTIMUM = 35;
/** statsmodels names the time-trend column x1; we call it drift. */
const ourName = (name: string) => (name === 'x1' ? 'drift' : name);
const label = (c: Case) =>
  `${c.series} (${c.order.join(',')}) trend ${c.trend}${c.stationarity ? '' : ' stationarity=0'}${c.invertibility ? '' : ' invertibility=0'}`;

/**
 * A Hessian too ill-conditioned for any finite step: an AR root 3.5e-4 from the unit circle; the
 * numerical 'approx' covariance moves with the step at every step size (statsmodels' complex-step
 * value included), so only 'oim' and 'opg' (first derivatives) are compared there.
 */
const APPROX_ILL_CONDITIONED = new Set(['vix (2,0,1) trend n']);
/**
 * Without enforced invertibility an MA(1) is identified only up to its root's reciprocal: the exact
 * likelihood at (theta, sigma2) equals that at (1/theta, theta^2 sigma2). Here statsmodels' best
 * (from its random start) has ma.L1 = 0.99243 and ours its mirror 1.00763: compared as such.
 */
const MA_MIRRORED = new Set(['spy_ret (1,0,1) trend c invertibility=0']);

/** Some AR or MA root within 1e-4 of the unit circle at statsmodels' estimate. */
function onBoundary(c: Case): boolean {
  const [p, , q] = c.order;
  const at = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => c.best.params[c.best.names.indexOf(`${prefix}.L${i + 1}`)]!);
  const shrink = (x: number[]) => x.map((v, i) => v / (1 - 1e-4) ** (i + 1));
  return !isStationary(shrink(at('ar', p))) || !isInvertible(shrink(at('ma', q)));
}

const fits = new Map<Case, ReturnType<typeof fitArima>>();
const fitOf = (c: Case) => {
  let r = fits.get(c);
  if (!r) {
    const [p, d, q] = c.order;
    r = fitArima(realSeries.series[c.series].values, {
      p,
      d,
      q,
      trend: c.trend,
      enforceStationarity: c.stationarity === 1,
      enforceInvertibility: c.invertibility === 1,
    });
    fits.set(c, r);
  }
  return r;
};
/** Our log-likelihood at statsmodels' estimates (the same function up to its approximate diffuse prior). */
function ourLoglikAt(c: Case): number {
  const [p, d, q] = c.order;
  const y = realSeries.series[c.series].values;
  const cols = trendSpec(c.trend, d).columns.map((col) => y.map((_, i) => col(1 + i)));
  const diffuse = c.stationarity === 0;
  const spec = {
    series: diffuse ? [y, ...cols] : [difference(y, d), ...cols.map((x) => difference(x, d))],
    p,
    d,
    q,
    diffuse,
  };
  return sumOf(observationTerms(spec, c.best.params, true)!.ll);
}
/**
 * Same optimum: ours is within 1e-5 of our likelihood at statsmodels' point. (Comparing the
 * two reported values would not do: with d = 1 statsmodels' 1e6 prior on the level moves its
 * log-likelihood by up to 1e-4 on price levels.)
 */
const excess = new Map<Case, number>();
const excessOf = (c: Case) => excess.get(c) ?? excess.set(c, fitOf(c).llf - ourLoglikAt(c)).get(c)!;
const sameOptimum = (c: Case) => Math.abs(excessOf(c)) <= 1e-5;

describe(`fitArima vs statsmodels ${reference.statsmodels} on ${cases.length} fits of real series`, {
  timeout: 60_000,
}, () => {
  it('covers at least 40 cases: returns, log prices, VIX, monthly Shiller, orders up to (5,1,5), every trend', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.trend))).toEqual(new Set(['n', 'c', 't', 'ct']));
    expect(cases.some((c) => c.order.join() === '5,1,5')).toBe(true);
    for (const s of ['spy_ret', 'spy_log', 'vix', 'shiller_log']) expect(cases.some((c) => c.series === s)).toBe(true);
  });

  it.each(cases.map((c) => [label(c), c] as const))(
    "%s: log-likelihood at least statsmodels' - 1e-3, no error",
    (_l, c) => {
      const r = fitOf(c);
      expect(r.llf).toBeGreaterThanOrEqual(c.default.llf - 1e-3);
      expect(Number.isFinite(r.aic)).toBe(true);
    },
  );

  const same = () => cases.filter(sameOptimum);
  it("reaches the best of statsmodels' polished starts less 0.01 (issue 36 item 4)", () => {
    // statsmodels' best is its highest log-likelihood over its default fit and polished fits from the
    // default estimate, zeros, both cancelling AR/MA pairs and four seeded admissible draws.
    for (const name of ITEM_4) expect(cases.map(label)).toContain(name);
    const below = cases
      .filter((c) => fitOf(c).llf < c.best.llf - 0.01)
      .map((c) => `${label(c)}: ${(c.best.llf - fitOf(c).llf).toFixed(3)} below`);
    expect(below).toEqual([]);
    console.info(`same optimum as statsmodels' best in ${same().length} of ${cases.length} fits`);
    expect(same().length).toBeGreaterThanOrEqual(SAME_OPTIMUM);
  });

  it.each(cases.map((c) => [label(c), c] as const))(
    '%s: parameters, standard errors (approx, oim, opg) and forecasts where the optimum is the same',
    (_l, c) => {
      if (!sameOptimum(c)) return;
      const r = fitOf(c);
      if (MA_MIRRORED.has(label(c))) {
        const theta = c.best.params[c.best.names.indexOf('ma.L1')]!;
        expect(r.params['ma.L1']! * theta).toBeCloseTo(1, 4);
        expect(r.params.sigma2! / (c.best.params[c.best.names.indexOf('sigma2')]! * theta ** 2)).toBeCloseTo(1, 3);
        return;
      }
      c.best.names.forEach((name, i) => {
        const se = c.best.se.approx[i]!;
        const ours = r.params[ourName(name)]!;
        expect(Math.abs(ours - c.best.params[i]!), `${name}`).toBeLessThanOrEqual(
          0.01 * Math.max(Math.abs(c.best.params[i]!), se),
        );
      });
      const [p, d, q] = c.order;
      // Issue 36: at a root on the unit circle the information is singular; statsmodels still prints
      // s.e. (xle (1,1,1) t: ma.L1 = -0.99998, s.e. 0.0057, z = 176); ours are not reported, with a warning.
      if (onBoundary(c)) {
        expect(r.warnings.join(' ')).toMatch(/from the unit circle/);
        for (const name of c.best.names) expect(r.bse[ourName(name)], name).toBeNaN();
      }
      for (const covType of ['approx', 'oim', 'opg'] as const) {
        if (onBoundary(c)) break;
        if (covType === 'approx' && APPROX_ILL_CONDITIONED.has(label(c))) continue;
        const withCov =
          covType === 'approx'
            ? r
            : fitArima(realSeries.series[c.series].values, {
                p,
                d,
                q,
                trend: c.trend,
                enforceStationarity: c.stationarity === 1,
                enforceInvertibility: c.invertibility === 1,
                covType,
              });
        c.best.names.forEach((name, i) => {
          const expected = c.best.se[covType][i]!;
          expect(Math.abs(withCov.bse[ourName(name)]! - expected) / expected, `${covType} ${name}`).toBeLessThanOrEqual(
            0.01,
          );
        });
      }
      const fc = r.forecast(20);
      // 1e-4 where both stopped at the same point; where ours is up to 1e-5 higher the forecasts
      // move with the flat direction of the likelihood, so 1e-3.
      const tol = excessOf(c) <= 1e-6 ? 1e-4 : 1e-3;
      c.best.forecast.mean.forEach((m, h) => {
        const scale = Math.max(Math.abs(m), c.best.forecast.se[h]!);
        expect(Math.abs(fc.mean[h]! - m) / scale, `h=${h + 1}`).toBeLessThanOrEqual(tol);
        expect(
          Math.abs(fc.se[h]! - c.best.forecast.se[h]!) / c.best.forecast.se[h]!,
          `se h=${h + 1}`,
        ).toBeLessThanOrEqual(1e-3);
      });
    },
  );

  it.each(cases.map((c) => [label(c), c] as const))(
    '%s: residual tests as statsmodels prints them under the summary',
    (_l, c) => {
      if (!sameOptimum(c)) return;
      const dg = arimaDiagnostics(fitOf(c).standardizedResiduals);
      const s = c.best.diagnostics;
      // summary() prints Q, JB, H, skew and kurtosis with 2 decimals and Prob with 2.
      const close = (ours: number, theirs: number, what: string) =>
        expect(Math.abs(ours - theirs), what).toBeLessThanOrEqual(0.005 + 1e-3 * Math.abs(theirs));
      close(dg.ljungBox1.q, s.ljung_box_1[0], 'Q(1)');
      close(dg.ljungBox1.p, s.ljung_box_1[1], 'Prob(Q(1))');
      close(dg.ljungBox10.q, s.ljung_box_10[0], 'Q(10)');
      close(dg.ljungBox10.p, s.ljung_box_10[1], 'Prob(Q(10))');
      close(dg.jarqueBera.jb, s.jarque_bera[0], 'JB');
      close(dg.jarqueBera.p, s.jarque_bera[1], 'Prob(JB)');
      close(dg.skew, s.skew, 'skew');
      close(dg.kurtosis, s.kurtosis, 'kurtosis');
      close(dg.heteroskedasticity.h, s.heteroskedasticity[0], 'H');
      close(dg.heteroskedasticity.p, s.heteroskedasticity[1], 'Prob(H)');
    },
  );
});
