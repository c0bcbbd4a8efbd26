import { describe, expect, it } from 'vitest';
import { arimaQuery, arimaResponse, arimaRuleViolation, ARIMA_TRENDS } from '@tapewatch/shared/schemas/arima';
import { describeZodError } from '../../lib/validation.ts';
import { arimaDiagnostics, fitArima } from '../../analytics/index.ts';
import { ArimaInputError, computeArima, summaryHtml } from './compute-arima.ts';

/** A deterministic random walk with drift (LCG + Box-Muller), 620 "sessions". */
function walk(n: number, seed = 7): { dates: string[]; closes: number[] } {
  let s = seed;
  const u = () => ((s = (s * 1103515245 + 12345) % 2147483648) + 1) / 2147483649;
  const closes: number[] = [];
  let x = 100;
  for (let i = 0; i < n; i++) {
    x += 0.05 + Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    closes.push(x);
  }
  const dates = closes.map((_, i) => new Date(Date.UTC(2022, 0, 3) + i * 86_400_000).toISOString().slice(0, 10));
  return { dates, closes };
}

const future = (last: string, n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.parse(last) + (i + 1) * 86_400_000).toISOString().slice(0, 10));

const parse = (q: Record<string, string>) => arimaQuery.safeParse(q);
const message = (q: Record<string, string>) => {
  const r = parse(q);
  return r.success ? null : describeZodError(r.error, 'query', q);
};

describe('arimaQuery', () => {
  it('applies the spec defaults p=1 d=1 q=1 trend t stationarity 1 invertibility 1 offset 1 concentrate 0, and cov_type approx', () => {
    expect(arimaQuery.parse({})).toEqual({
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
    });
  });
  it('takes cov_type approx, oim or opg only', () => {
    for (const c of ['approx', 'oim', 'opg']) expect(parse({ cov_type: c }).success).toBe(true);
    expect(message({ cov_type: 'robust' })).toBe("Invalid value for 'cov_type': expected one of approx, oim, opg.");
  });
  it('accepts 0-5 for p, d, q and offset and rejects anything else, naming the parameter', () => {
    for (const k of ['p', 'q', 'offset']) {
      for (const v of ['0', '5']) expect(parse({ [k]: v }).success).toBe(true);
      for (const v of ['6', '-1', '1.5', 'x', ''])
        expect(message({ [k]: v })).toBe(`Invalid value for '${k}': must be an integer from 0 to 5.`);
    }
    expect(parse({ d: '5', trend: 'n' }).success).toBe(true);
    expect(message({ d: '6', trend: 'n' })).toBe("Invalid value for 'd': must be an integer from 0 to 5.");
  });
  it('takes the switches as 0 or 1 only and the trend as n, c, t or ct', () => {
    for (const k of ['stationarity', 'invertibility', 'concentrate']) {
      expect(parse({ [k]: '0' }).success).toBe(true);
      expect(message({ [k]: 'true' })).toBe(`Invalid value for '${k}': must be 0 or 1.`);
    }
    expect(message({ trend: 'x' })).toBe("Invalid value for 'trend': expected one of n, c, t, ct.");
    expect(message({ foo: '1' })).toBe("Unknown parameter 'foo'.");
  });
  it('enforces every trend/d rule: c and ct need d = 0, t needs d <= 1, n allows any d', () => {
    for (const trend of ARIMA_TRENDS) {
      for (let d = 0; d <= 5; d++) {
        const allowed = trend === 'n' || ((trend === 'c' || trend === 'ct') && d === 0) || (trend === 't' && d <= 1);
        expect(arimaRuleViolation(trend, d) === null, `${trend} d=${d}`).toBe(allowed);
        expect(parse({ trend, d: String(d) }).success, `${trend} d=${d}`).toBe(allowed);
      }
    }
    expect(message({ trend: 'ct', d: '1' })).toBe(
      "Invalid value for 'd': must be 0 when trend is 'ct' (for trends c and ct d must be 0).",
    );
    expect(message({ trend: 't', d: '2' })).toBe("Invalid value for 'd': must be 0 or 1 when trend is 't'.");
  });
});

describe('computeArima', () => {
  const series = walk(620);
  const params = {
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

  it('fits the last 500 closes and returns the spec response shape with a 20-day forecast band', () => {
    const out = arimaResponse.parse(computeArima('TEST', series, params, future));
    const last500 = series.closes.slice(-500);
    expect(out.window).toBe(500);
    expect(out.pred.prices).toHaveLength(500);
    expect(out.pred.prices[0]).toEqual([series.dates[120], last500[0]]);
    expect(out.pred.prices.at(-1)).toEqual([series.dates.at(-1), last500.at(-1)]);
    expect(out.pred.predictions).toHaveLength(20);
    expect(out.pred.predictions.map((r) => r.date)).toEqual(future(series.dates.at(-1)!, 20));
    // Same numbers as calling the library directly on the window.
    const fit = fitArima(last500, { p: 1, d: 1, q: 1, trend: 't' });
    const fc = fit.forecast(20);
    out.pred.predictions.forEach((r, i) => {
      expect(r.value).toBeCloseTo(fc.mean[i]!, 3);
      expect(r.lower).toBeLessThan(r.value);
      expect(r.upper).toBeGreaterThan(r.value);
      expect((r.upper - r.lower) / 2).toBeCloseTo(1.959963985 * fc.se[i]!, 3);
    });
    // The band widens with the horizon for an integrated model.
    expect(out.pred.predictions[19]!.upper - out.pred.predictions[19]!.lower).toBeGreaterThan(
      out.pred.predictions[0]!.upper - out.pred.predictions[0]!.lower,
    );
    expect(out.summary.coefficients.map((c) => c.name)).toEqual(['drift', 'ar.L1', 'ma.L1', 'sigma2']);
    expect(out.summary.coefficients[1]!.coef).toBeCloseTo(fit.params['ar.L1']!, 10);
    expect(out.summary.stats.find((s) => s.label === 'AIC')!.value).toBeCloseTo(fit.aic, 8);
    expect(out.summary.stats[0]).toEqual({ label: 'No. Observations', value: 499 });
    // Residual diagnostics on the n - d residuals, dated by the observations they belong to.
    expect(out.residual.data).toHaveLength(499);
    expect(out.residual.index).toEqual(series.dates.slice(-499));
    expect(out.acf.index).toEqual(Array.from({ length: 31 }, (_, i) => i));
    expect(out.acf.data[0]).toBe(1);
    expect(out.pacf.data[0]).toBe(1);
    expect(out.acf.bound).toBeCloseTo(1.959963985 / Math.sqrt(499), 9);
    expect(out.qqplot.x).toHaveLength(499);
    expect(out.ppplot.line).toEqual(out.ppplot.x);
    // statsmodels' summary diagnostics on the standardised residuals, in its order and labels.
    expect(out.summary.covariance).toBe('approx (numerical Hessian)');
    expect(out.summary.diagnostics.map((t) => t.label)).toEqual([
      'Ljung-Box (L1) (Q)',
      'Ljung-Box (L10) (Q)',
      'Jarque-Bera (JB)',
      'Heteroskedasticity (H)',
      'Skew',
      'Kurtosis',
    ]);
    const dg = arimaDiagnostics(fit.standardizedResiduals);
    expect(out.summary.diagnostics[1]).toEqual({
      label: 'Ljung-Box (L10) (Q)',
      statistic: dg.ljungBox10.q,
      p_value: dg.ljungBox10.p,
    });
    expect(out.summary.diagnostics[5]!.p_value).toBeNull();
    expect(out.table).toContain('<th scope="row">Covariance Type</th><td>approx (numerical Hessian)</td>');
    expect(out.table).toContain('Jarque-Bera (JB)');
  });

  it('without enforced stationarity the residual charts leave out the burn-in (the diffuse start)', () => {
    // Issue 36 item 5: statsmodels burns d + max(p, q + 1) observations of a diffuse start; their
    // one-step errors come from the 1e6 prior (tens of sigma) and made false autocorrelation.
    const out = computeArima('TEST', series, { ...params, stationarity: 0 }, future);
    const burn = 1 + 2; // d + max(p, q + 1)
    expect(out.summary.stats[0]).toEqual({ label: 'No. Observations', value: 500 - burn });
    expect(out.residual.data).toHaveLength(500 - burn);
    expect(out.residual.index).toEqual(series.dates.slice(-(500 - burn)));
    expect(out.acf.bound).toBeCloseTo(1.959963985 / Math.sqrt(500 - burn), 9);
    expect(out.qqplot.x).toHaveLength(500 - burn);
    // No burn-in outlier is left: every residual within 6 standard deviations.
    const sd = Math.sqrt(out.summary.stats.find((x) => x.label === 'sigma2')!.value!);
    expect(Math.max(...out.residual.data.map(Math.abs))).toBeLessThan(6 * sd);
  });

  it('computes the standard errors of the requested cov_type and says which', () => {
    const oim = computeArima('TEST', series, { ...params, cov_type: 'oim' }, future);
    const opg = computeArima('TEST', series, { ...params, cov_type: 'opg' }, future);
    const direct = fitArima(series.closes.slice(-500), { p: 1, d: 1, q: 1, trend: 't', covType: 'opg' });
    // The drift (its statistics are shown whatever the AR/MA pair does; arima-cancellation.ts).
    const drift = (out: typeof oim) => out.summary.coefficients.find((c) => c.name === 'drift')!;
    expect(drift(opg).std_err).toBeCloseTo(direct.bse.drift!, 10);
    expect(drift(oim).std_err).not.toBeCloseTo(drift(opg).std_err!, 6);
    expect(oim.summary.coefficients[1]!.coef).toBeCloseTo(opg.summary.coefficients[1]!.coef!, 10);
    expect(oim.summary.covariance).toBe('oim (observed information matrix)');
    expect(opg.params.cov_type).toBe('opg');
  });

  it('passes the switches and offset through to the library (concentrate drops sigma2 from the coefficients)', () => {
    const out = computeArima('TEST', series, { ...params, concentrate: 1, offset: 3 }, future);
    expect(out.summary.coefficients.map((c) => c.name)).toEqual(['drift', 'ar.L1', 'ma.L1']);
    expect(out.params).toEqual({ ...params, concentrate: 1, offset: 3 });
    const c = computeArima('TEST', series, { ...params, p: 2, d: 0, q: 0, trend: 'ct' }, future);
    expect(c.summary.coefficients.map((x) => x.name)).toEqual(['const', 'drift', 'ar.L1', 'ar.L2', 'sigma2']);
    expect(c.residual.data).toHaveLength(500);
  });

  it("turns the library's failure into an ArimaInputError with its message", () => {
    const short = { dates: series.dates.slice(0, 3), closes: series.closes.slice(0, 3) };
    expect(() => computeArima('TEST', short, { ...params, p: 3, q: 3 }, future)).toThrow(ArimaInputError);
    expect(() => computeArima('TEST', short, { ...params, p: 3, q: 3 }, future)).toThrow(
      /too short for ARIMA\(3,1,3\)/,
    );
    const flat = { dates: series.dates, closes: series.closes.map(() => 5) };
    expect(() => computeArima('TEST', flat, params, future)).toThrow(/no variation/);
    expect(() => computeArima('TEST', { dates: [], closes: [] }, params, future)).toThrow(ArimaInputError);
  });

  it('escapes every value of the HTML table', () => {
    const html = summaryHtml({
      title: `<script>alert("x")</script>`,
      stats: [{ label: 'A&B', value: 1 }],
      coefficients: [
        {
          name: `<img src=x onerror='y'>`,
          coef: 1,
          std_err: null,
          z: null,
          p_value: null,
          ci_lower: null,
          ci_upper: null,
        },
      ],
      warnings: ['<b>singular</b>'],
      covariance: '<i>approx</i>',
      diagnostics: [{ label: '<u>Q</u>', statistic: 1, p_value: null }],
    });
    expect(html).toContain('&lt;i&gt;approx&lt;/i&gt;');
    expect(html).toContain('&lt;u&gt;Q&lt;/u&gt;');
    expect(html).toContain('Warning: &lt;b&gt;singular&lt;/b&gt;');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&#39;y&#39;&gt;');
    expect(html).toContain('A&amp;B');
    expect(html).toContain('<td>-</td>');
    expect(html).toContain('P&gt;|z|');
  });
});
