import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FactorAnalysisData, PastSignalRow } from '@tapewatch/shared/schemas/factor-analysis';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import momentum from './test/aapl-momentum-weekly.fixture.json' with { type: 'json' };
import uptrend from './test/aapl-uptrend-weekly.fixture.json' with { type: 'json' };

const good = momentum as FactorAnalysisData;
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const quote = { ticker: 'AAPL', as_of: '2024-03-08', c: 170.73, todaysChange: 1, todaysChangePerc: 0.6, v: 1, avg_volume: 1, l: 1, h: 2, '52_week_low': 1, '52_week_high': 2, company: 'Apple', sector: '', industry: '' };

function api(body: unknown) {
  return mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_ticker_info': [200, quote], '/api/get_factor_analysis_data': [200, body] });
}
const factorCalls = (f: ReturnType<typeof api>) => f.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('get_factor_analysis_data'));

describe('Factor Analysis single stock screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('a deep link loads once with its parameters and shows the last signal, statistics and past signals', async () => {
    const fetchMock = api(good);
    renderApp('/factor-analysis/momentum/weekly/aapl');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    expect(factorCalls(fetchMock)).toHaveLength(1);
    for (const part of ['ticker=AAPL', 'factor=momentum', 'timeframe=weekly']) expect(factorCalls(fetchMock)[0]).toContain(part);
    expect(screen.getByTestId('last-signal').textContent).toContain('Last Momentum signal for AAPL on');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveProperty('checked', true);
    const count = within(screen.getByTestId('stat-count')).getAllByRole('cell').map((c) => c.textContent);
    expect(count).toEqual(good.horizons.map((h) => String((JSON.parse(good.factor_statistics_data) as Record<string, unknown>[])[0]![`fwd_ret_${h}`])));
    const past = JSON.parse(good.past_signals_data) as PastSignalRow[];
    const rows = within(screen.getByRole('table', { name: 'Past signals' })).getAllByTestId('data-row');
    expect(rows).toHaveLength(Math.min(20, past.length));
    expect(rows[0]!.children[0]!.textContent).toBe(past[0]!.date);
    expect(screen.getByTestId('definition-dark_pools').textContent).toContain('dark-pool position');
  });

  it('a factor change reloads with the new factor and moves to its route', async () => {
    const fetchMock = api(uptrend);
    renderApp('/factor-analysis');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    expect(factorCalls(fetchMock)[0]).toContain('factor=uptrend');
    expect(factorCalls(fetchMock)[0]).toContain('timeframe=weekly');
    expect(screen.getByTestId('last-signal').textContent).toContain('do not meet quality requirements.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Factor' }));
    await user.click(await screen.findByRole('option', { name: 'ROC Curve' }));
    await waitFor(() => expect(factorCalls(fetchMock).some((u) => u.includes('factor=roc_curve'))).toBe(true));
    expect(factorCalls(fetchMock)).toHaveLength(2);
  });

  it('route parameters are optional: a factor-only link uses the global ticker and Weekly', async () => {
    const fetchMock = api(good);
    renderApp('/factor-analysis/momentum');
    expect(await screen.findByTestId('last-signal', {}, { timeout: 15_000 })).toBeTruthy();
    for (const part of ['ticker=SPY', 'factor=momentum', 'timeframe=weekly']) expect(factorCalls(fetchMock)[0]).toContain(part);
  });

  it('an empty answer shows No data', async () => {
    api({});
    renderApp('/factor-analysis/dark_pools/daily/AAPL');
    expect((await screen.findByTestId('factor-no-data', {}, { timeout: 15_000 })).textContent).toBe('No data');
    expect(screen.queryByTestId('statistics-table')).toBeNull();
  });
});
