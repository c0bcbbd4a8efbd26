import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app.tsx';
import { stubApi, DEMO_APP_INFO } from '../../test/stub-api.ts';
import { volatilityFixture } from './test/fixtures.ts';
import { historySeries, skewSeries, termTable } from './utils/reshape.ts';

describe('volatility reshaping', () => {
  it('charts percents with gaps kept, and tabulates skew per expiration', () => {
    const v = volatilityFixture();
    expect(historySeries(v)[1]!.values).toEqual([10, 11, null, 12, 11]);
    expect(skewSeries(v).series.map((s) => s.values[0])).toEqual([14, 12.5, 11.5]);
    expect(termTable(v).rows[0]!.cells).toEqual(['7', '12.5%', '14.0%', '11.5%', '-2.50 pts']);
  });
});

describe('Volatility screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows ATM IV, the rank gauge with its definitions, the charts and the expected moves', async () => {
    stubApi({ '/api/get_app_info': [200, DEMO_APP_INFO], '/api/get_volatility_data': [200, volatilityFixture()] });
    renderApp('/volatility/spy');
    expect(await screen.findByRole('heading', { name: 'Volatility: SPY', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up to add SPY to a watchlist' })).toBeTruthy();
    expect((await screen.findByTestId('stat-atm-iv')).textContent).toBe('13.0%');
    expect(screen.getByRole('meter', { name: 'IV rank' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText(/IV rank = \(IV today − lowest IV\)/)).toBeTruthy();
    // Fewer than 252 stored sessions (live mode's first year): the page says how many are still to come.
    expect(screen.getByTestId('iv-days-until-full').textContent).toBe(
      'IV rank and percentile are taken over the 5 sessions of daily at-the-money IV stored so far: 247 more until a full year of 252.',
    );
    for (const title of [
      'Implied vs Realised Volatility',
      'Term Structure',
      'Skew at 25 Delta',
      'Expected Move per Expiration',
    ])
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    const rows = within(screen.getByTestId('expected-move-table')).getAllByTestId('expected-move-row');
    expect(Array.from(rows[0]!.children).map((c) => c.textContent)).toEqual([
      '2024-03-15',
      '7',
      '512.00',
      '12.5%',
      '9.50',
      '±9.50 (1.9%)',
      '502.22 – 521.22',
    ]);
    expect(screen.getByText(/read as a ±1σ move/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SPY option chain' }).getAttribute('href')).toBe('/optionchain/SPY');
  });

  it('says nothing of missing days once a full year of IV is stored', async () => {
    const full = { ...volatilityFixture(), iv_window_days: 252, iv_days_until_full: 0 };
    stubApi({ '/api/get_app_info': [200, DEMO_APP_INFO], '/api/get_volatility_data': [200, full] });
    renderApp('/volatility/spy');
    expect((await screen.findByTestId('stat-atm-iv', {}, { timeout: 15_000 })).textContent).toBe('13.0%');
    expect(screen.queryByTestId('iv-days-until-full')).toBeNull();
  });
});
