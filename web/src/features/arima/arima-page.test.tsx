import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { arimaResponse } from '@tapewatch/shared/schemas/arima';
import { renderApp } from '../../test/render-app.tsx';
import fixture from './test/arima-spy.fixture.json' with { type: 'json' };

// Parsed, not cast: the fixture must keep matching the contract.
const data = arimaResponse.parse(fixture);
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const quote = {
  ticker: 'SPY',
  as_of: '2024-03-08',
  c: 502.24,
  todaysChange: 1,
  todaysChangePerc: 0.2,
  v: 1,
  avg_volume: 1,
  l: 1,
  h: 2,
  '52_week_low': 1,
  '52_week_high': 2,
  company: 'SPDR S&P 500',
  sector: '',
  industry: '',
};

/** Answers the ARIMA call per its query: 400 for the fit the test makes fail, else the fixture with the asked params. */
function api(failWhen?: (q: URLSearchParams) => boolean) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/get_app_info') return json(200, appInfo);
    if (url.pathname === '/api/get_ticker_info') return json(200, { ...quote, ticker: url.searchParams.get('ticker') });
    if (url.pathname === '/api/get_ts_arima_data') {
      const q = url.searchParams;
      if (failWhen?.(q))
        return json(400, {
          alert_show: true,
          alert_message:
            'The ARIMA(5,1,5) likelihood optimisation did not converge; try a simpler model or a longer series.',
        });
      const num = (k: string) => Number(q.get(k));
      const params = {
        p: num('p'),
        d: num('d'),
        q: num('q'),
        trend: q.get('trend'),
        stationarity: num('stationarity'),
        invertibility: num('invertibility'),
        offset: num('offset'),
        concentrate: num('concentrate'),
        cov_type: q.get('cov_type'),
      };
      const covariance =
        {
          approx: 'approx (numerical Hessian)',
          oim: 'oim (observed information matrix)',
          opg: 'opg (outer product of gradients)',
        }[q.get('cov_type') ?? ''] ?? '?';
      return json(200, { ...data, ticker: q.get('ticker'), params, summary: { ...data.summary, covariance } });
    }
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const arimaCalls = (f: ReturnType<typeof api>) =>
  f.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('get_ts_arima_data'));

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('ARIMA screen', { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('loads the spec defaults and shows the help, the six charts with their numbers and the summary', async () => {
    const fetchMock = api();
    renderApp('/arima');
    expect(
      await screen.findByRole('heading', { name: 'Time Series / ARIMA', level: 1 }, { timeout: 20_000 }),
    ).toBeTruthy();
    await screen.findByTestId('arima-summary', {}, { timeout: 15_000 });
    const url = arimaCalls(fetchMock)[0]!;
    for (const part of [
      'ticker=SPY',
      'p=1',
      'd=1',
      'q=1',
      'trend=t',
      'stationarity=1',
      'invertibility=1',
      'offset=1',
      'concentrate=0',
      'cov_type=approx',
    ])
      expect(url).toContain(part);
    expect(screen.getByTestId('arima-help').textContent).toMatch(
      /last 500 daily closes.*next 20 trading days with a 95% confidence band/,
    );
    expect(screen.getByTestId('arima-help').textContent).toMatch(
      /For trends c and ct d must be 0; for t d must be 0 or 1/,
    );
    expect(screen.getByTestId('arima-help').textContent).toMatch(
      /AR root and an MA root that nearly cancel \(closer than 1\/√n\).*std err, z, P>\|z\| and interval are left out/,
    );
    for (const title of ['Price and Predictions', 'Residual', 'ACF', 'PACF', 'PP Plot', 'QQ Plot'])
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    const user = userEvent.setup();
    for (const button of screen.getAllByRole('button', { name: /show data/i })) await user.click(button);
    const rows = within(screen.getByTestId('arima-forecast-table')).getAllByTestId('arima-forecast-row');
    expect(rows).toHaveLength(21);
    const p0 = data.pred.predictions[0]!;
    expect([...rows[1]!.children].map((c) => c.textContent)).toEqual([
      p0.date,
      '',
      p0.value.toFixed(2),
      p0.lower.toFixed(2),
      p0.upper.toFixed(2),
    ]);
    const coef = within(screen.getByRole('table', { name: 'ARIMA coefficients' }));
    expect(coef.getByText('ar.L1')).toBeTruthy();
    expect(coef.getByText(data.summary.coefficients.find((c) => c.name === 'ar.L1')!.coef!.toFixed(4))).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'ARIMA fit statistics' })).getByText('AIC')).toBeTruthy();
    // statsmodels' residual tests, with their numbers, and which covariance the errors come from.
    const tests = within(screen.getByRole('table', { name: 'ARIMA residual diagnostics' }));
    const lb10 = data.summary.diagnostics.find((t) => t.label === 'Ljung-Box (L10) (Q)')!;
    const lbRow = tests.getByText('Ljung-Box (L10) (Q)').closest('tr')!;
    expect([...lbRow.children].map((c) => c.textContent)).toEqual([
      'Ljung-Box (L10) (Q)',
      lb10.statistic!.toFixed(2),
      lb10.p_value!.toFixed(2),
    ]);
    expect(tests.getByText('Kurtosis').closest('tr')!.lastElementChild!.textContent).toBe('');
    expect(screen.getByTestId('arima-covariance').textContent).toContain('approx (numerical Hessian)');
  });

  it('asks for the chosen covariance type on Update and says which one is shown', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    renderApp('/arima');
    await screen.findByTestId('arima-summary', {}, { timeout: 20_000 });
    await choose(user, 'Std. errors', 'opg (outer product of gradients)');
    expect(arimaCalls(fetchMock)).toHaveLength(1);
    await user.click(screen.getByTestId('arima-update'));
    await waitFor(() => expect(arimaCalls(fetchMock)).toHaveLength(2));
    expect(arimaCalls(fetchMock)[1]).toContain('cov_type=opg');
    await waitFor(() =>
      expect(screen.getByTestId('arima-covariance').textContent).toContain('opg (outer product of gradients)'),
    );
  });

  it('enforces the trend/d rules in the controls and reloads only on Update', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    renderApp('/arima');
    await screen.findByTestId('arima-summary', {}, { timeout: 20_000 });
    const d = () => screen.getByRole('combobox', { name: 'd (diff)' });
    await choose(user, 'Trend', 'c (constant)');
    expect(d().textContent).toBe('0');
    expect(d().getAttribute('aria-disabled')).toBe('true');
    await choose(user, 'Trend', 'ct (constant + linear)');
    expect(d().getAttribute('aria-disabled')).toBe('true');
    await choose(user, 'Trend', 't (linear)');
    expect(d().textContent).toBe('1');
    expect(d().getAttribute('aria-disabled')).toBeNull();
    await choose(user, 'd (diff)', '2');
    expect(screen.getByRole('combobox', { name: 'Trend' }).textContent).toBe('n (none)');
    await choose(user, 'p (AR)', '3');
    await user.click(screen.getByTestId('arima-switch-concentrate'));
    expect(arimaCalls(fetchMock)).toHaveLength(1);
    await user.click(screen.getByTestId('arima-update'));
    await waitFor(() => expect(arimaCalls(fetchMock)).toHaveLength(2));
    const url = arimaCalls(fetchMock)[1]!;
    for (const part of ['p=3', 'd=2', 'trend=n', 'concentrate=1']) expect(url).toContain(part);
  });

  it("shows the library's message when the fit fails", async () => {
    const user = userEvent.setup();
    api((q) => q.get('p') === '5');
    renderApp('/arima');
    await screen.findByTestId('arima-summary', {}, { timeout: 20_000 });
    await choose(user, 'p (AR)', '5');
    await user.click(screen.getByTestId('arima-update'));
    const alert = await screen.findByTestId('arima-error', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain('did not converge');
    expect(screen.queryByTestId('arima-summary')).toBeNull();
  });
});
