import { describe, expect, it } from 'vitest';
import { arimaQuery, arimaResponse } from '@tapewatch/shared/schemas/arima';
import { computeArima } from '@tapewatch/functions/domain/arima/compute-arima';
import { futureTradingDays } from '@tapewatch/functions/http/arima/get-ts-arima-data';
import { readBundle } from './load-demo.ts';
import { readStocks } from './universe.ts';

/**
 * Issue 20: the ARIMA page's default model (ARIMA(1,1,1), trend t, on the last 500 closes to the demo
 * as-of date) must fit every ticker of the demo universe: the 499 stocks, the index and sector ETFs
 * and VIX. Before multi-start estimation XLK, FFIV and others answered "did not converge" and 11 of
 * 98 stocks stopped at a worse optimum without saying so.
 */
const AS_OF = '2024-03-08';
const { ticker: _t, ...defaults } = arimaQuery.parse({});
/** A numerical-Hessian standard error this far from the oim / opg ones is an artefact (boundary: ~20x). */
const MAX_SE_RATIO = 4;

function* universe(): Generator<{ ticker: string; dates: string[]; closes: number[] }> {
  for (const [ticker, s] of readBundle().series) yield { ticker, dates: s.date, closes: s.close };
  for (const s of readStocks()) yield { ticker: s.ticker, dates: s.series.date, closes: s.series.close };
}

describe('the ARIMA default model on the whole demo universe', () => {
  it('fits every ticker without an error or a convergence warning', { timeout: 600_000 }, () => {
    const failed: string[] = [];
    let count = 0;
    let boundary = 0;
    const huge: string[] = [];
    let cancelling = 0;
    for (const { ticker, dates, closes } of universe()) {
      const end = dates.findLastIndex((d) => d <= AS_OF) + 1;
      count++;
      try {
        const out = computeArima(
          ticker,
          { dates: dates.slice(0, end), closes: closes.slice(0, end) },
          defaults,
          futureTradingDays,
        );
        if (out.summary.warnings.some((w) => /failed to converge/.test(w)))
          failed.push(`${ticker}: ${out.summary.warnings.join(' ')}`);
        // Issue 36: a boundary estimate (a root within 1e-3 of the unit circle, e.g. ma.L1 = -0.99999)
        // always says so; pinned there (1e-4) it shows no z (|z| > 100 did).
        const ma = out.summary.coefficients.find((c) => c.name === 'ma.L1')!.coef!;
        const ar = out.summary.coefficients.find((c) => c.name === 'ar.L1')!.coef!;
        const near = (c: number) => c !== 0 && Math.abs(1 / Math.abs(c) - 1) < 1e-3; // the root of 1 - c z is 1/c
        const onBoundary = near(ma) || near(ar);
        if (onBoundary) boundary++;
        if (onBoundary && !out.summary.warnings.some((w) => /unit circle/.test(w)))
          failed.push(`${ticker}: boundary estimate (ar ${ar}, ma ${ma}) without a warning`);
        // Issue 36: |z| > 100 was the symptom of a boundary estimate whose numerical Hessian is singular
        // (KO ma.L1 -0.99999, s.e. 0.0065, while oim and opg gave |z| ~ 7): those are pinned and show no z.
        // The nine left after that (FTV, GS, ICE, INTC x2, MRVL, MU, VRT, WBD) were nearly cancelling AR/MA
        // pairs whose Wald intervals cover the truth in 44-88% of simulated samples: their statistics are
        // withheld now (arima-cancellation.ts). None may be left, and any large |z| must still agree with
        // the information-matrix covariances (oim, opg) within a factor MAX_SE_RATIO.
        if (out.summary.warnings.some((w) => /nearly cancel/.test(w))) cancelling++;
        for (const c of out.summary.coefficients.filter((x) => x.z !== null && Math.abs(x.z) > 100)) {
          huge.push(`${ticker} ${c.name} ${c.z}`);
          if (out.summary.warnings.some((w) => /unit circle/.test(w)))
            failed.push(`${ticker}: ${c.name} |z| ${c.z} at a boundary estimate`);
          for (const cov_type of ['oim', 'opg'] as const) {
            const other = computeArima(
              ticker,
              { dates: dates.slice(0, end), closes: closes.slice(0, end) },
              { ...defaults, cov_type },
              futureTradingDays,
            ).summary.coefficients.find((x) => x.name === c.name)!.std_err;
            if (!(other !== null && other / c.std_err! < MAX_SE_RATIO && c.std_err! / other < MAX_SE_RATIO))
              failed.push(`${ticker}: ${c.name} |z| ${c.z} with s.e. ${c.std_err}, ${cov_type} s.e. ${other}`);
          }
        }
        if (count % 50 === 1) arimaResponse.parse(out);
      } catch (err) {
        failed.push(`${ticker}: ${(err as Error).message}`);
      }
    }
    expect(count).toBeGreaterThanOrEqual(514);
    expect(failed).toEqual([]);
    // The done-when of issue 36: no |z| > 100 on the default model.
    expect(huge).toEqual([]);
    console.info(
      `ARIMA default model: ${boundary} of ${count} fits on the boundary, each with a warning; ${cancelling} with a nearly cancelling AR/MA pair (their AR and MA statistics withheld); no |z| > 100`,
    );
  });
});
