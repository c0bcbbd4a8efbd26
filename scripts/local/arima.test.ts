import { describe, expect, it } from 'vitest';
import { arimaResponse } from '@tapewatch/shared/schemas/arima';
import { fitArima } from '@tapewatch/functions/analytics/index';
import { readStocks } from '../demo-data/universe.ts';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';

const { api } = useIntegrationRuntime();

const AS_OF = '2024-03-08';

describe('get_ts_arima_data on the local runtime', () => {
  it('fits AAPL with the spec defaults on the last 500 stored closes and forecasts 20 trading days', async () => {
    const { status, body } = await api.get('get_ts_arima_data', { ticker: 'aapl' });
    expect(status).toBe(200);
    const a = arimaResponse.parse(body);
    const s = [...readStocks()].find((x) => x.ticker === 'AAPL')!.series;
    const end = s.date.findLastIndex((d) => d <= AS_OF) + 1;
    const closes = s.close.slice(end - 500, end);
    expect(a.ticker).toBe('AAPL');
    expect(a.params).toEqual({
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
    expect(a.pred.prices.map((r) => r[1])).toEqual(closes);
    expect(a.pred.prices.at(-1)![0]).toBe(AS_OF);
    // Next trading days after Friday 2024-03-08 (no holidays until Good Friday 2024-03-29).
    expect(a.pred.predictions.slice(0, 3).map((r) => r.date)).toEqual(['2024-03-11', '2024-03-12', '2024-03-13']);
    expect(a.pred.predictions.map((r) => r.date)).not.toContain('2024-03-29');
    expect(a.pred.predictions).toHaveLength(20);
    const fc = fitArima(closes, { p: 1, d: 1, q: 1, trend: 't' }).forecast(20);
    a.pred.predictions.forEach((r, i) => {
      expect(r.value).toBeCloseTo(fc.mean[i]!, 3);
      expect(r.lower).toBeCloseTo(fc.lower[i]!, 3);
      expect(r.upper).toBeCloseTo(fc.upper[i]!, 3);
    });
    expect(a.table).toContain('<table class="arima-coefficients">');
    expect(a.table).toContain('P&gt;|z|');
    expect(a.summary.coefficients.map((c) => c.name)).toEqual(['drift', 'ar.L1', 'ma.L1', 'sigma2']);
  });

  it('answers a repeated request from the per-parameter cache', async () => {
    const q = { ticker: 'SPY', p: '2', d: '1', q: '0', trend: 'n' } as const;
    const first = await api.get('get_ts_arima_data', q);
    const t0 = performance.now();
    const second = await api.get('get_ts_arima_data', q);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(second.body).toEqual(first.body);
  });

  it('rejects forbidden trend/d combinations and out-of-range orders with 400 alerts', async () => {
    const cases: Array<[string, string]> = [
      ['trend=c&d=1', "Invalid value for 'd': must be 0 when trend is 'c' (for trends c and ct d must be 0)."],
      ['trend=ct&d=2', "Invalid value for 'd': must be 0 when trend is 'ct' (for trends c and ct d must be 0)."],
      ['trend=t&d=2', "Invalid value for 'd': must be 0 or 1 when trend is 't'."],
      ['p=6', "Invalid value for 'p': must be an integer from 0 to 5."],
      ['offset=-1', "Invalid value for 'offset': must be an integer from 0 to 5."],
      ['concentrate=2', "Invalid value for 'concentrate': must be 0 or 1."],
      ['trend=x', "Invalid value for 'trend': expected one of n, c, t, ct."],
      ['cov_type=robust', "Invalid value for 'cov_type': expected one of approx, oim, opg."],
    ];
    for (const [q, msg] of cases) {
      const { status, body } = await api.getUnchecked('get_ts_arima_data', `ticker=SPY&${q}`);
      expect(status, q).toBe(400);
      expect(body).toEqual({ alert_show: true, alert_message: msg });
    }
  });

  it('fits d = 3 (orders 0-5 as the spec offers) and answers 404 for an unknown ticker', async () => {
    const ok = await api.get('get_ts_arima_data', { ticker: 'SPY', p: '1', d: '3', q: '1', trend: 'n' });
    expect(ok.status).toBe(200);
    const a = arimaResponse.parse(ok.body);
    expect(a.params.d).toBe(3);
    // n - d observations enter the likelihood.
    expect(a.summary.stats.find((s) => s.label === 'No. Observations')!.value).toBe(497);
    const unknown = await api.get('get_ts_arima_data', { ticker: 'NOPE1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.alert_message).toMatch(/Unknown ticker NOPE1/);
  });

  it('gives the default model standard errors where its optimum is interior (AAPL), as statsmodels does, and the residual tests', async () => {
    const { status, body } = await api.get('get_ts_arima_data', { ticker: 'AAPL' });
    expect(status).toBe(200);
    const a = arimaResponse.parse(body);
    expect(a.summary.warnings).toEqual([]);
    for (const c of a.summary.coefficients) expect(c.std_err, c.name).toBeGreaterThan(0);
    expect(a.summary.covariance).toBe('approx (numerical Hessian)');
    expect(a.summary.diagnostics.map((t) => t.label)).toContain('Jarque-Bera (JB)');
    expect(a.pred.predictions).toHaveLength(20);
    const opg = arimaResponse.parse((await api.get('get_ts_arima_data', { ticker: 'AAPL', cov_type: 'opg' })).body);
    expect(opg.params.cov_type).toBe('opg');
    expect(opg.summary.coefficients[1]!.std_err).not.toBe(a.summary.coefficients[1]!.std_err);
  });

  it("reports AMZN's default fit on the MA invertibility boundary (the multi-start search's best optimum) with the warning and no standard errors", async () => {
    const { status, body } = await api.get('get_ts_arima_data', { ticker: 'AMZN' });
    expect(status).toBe(200);
    const a = arimaResponse.parse(body);
    expect(a.summary.warnings).toHaveLength(1);
    expect(a.summary.warnings[0]).toMatch(/MA root lies .* from the unit circle.*not reported/);
    for (const c of a.summary.coefficients.filter((c) => c.name.startsWith('ma.')))
      expect(c.std_err, c.name).toBeNull();
    expect(a.pred.predictions).toHaveLength(20);
  });

  it('accepts the allowed combinations at the edges (d=0 with c, ct or t; d=2 with n)', async () => {
    for (const q of ['trend=c&d=0&p=1&q=0', 'trend=ct&d=0&p=1&q=0', 'trend=n&d=2&p=0&q=1', 'trend=t&d=0&p=1&q=0']) {
      const { status, body } = await api.getUnchecked('get_ts_arima_data', `ticker=AAPL&${q}`);
      expect(status, `${q}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
    }
  });
});
