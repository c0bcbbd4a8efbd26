import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OtmTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../../components/flow/test-trades.ts';
import { renderApp } from '../../test/render-app.tsx';
import { demoAppRoutes, signedInRoutes, stubApi } from '../../test/stub-api.ts';
import { formatOtm } from './most-otm-columns.ts';

const rows: OtmTrade[] = [
  { ...trade({ key: 'a', ticker: 'AAPL', strike_price: 250, cost_basis: 12.4 }), otm: 41.6 },
  { ...trade({ key: 'b', ticker: 'TSLA', strike_price: 400, cost_basis: 300 }), otm: 88.2 },
  { ...trade({ key: 'c', ticker: 'SPY', put_call: 'Put', strike_price: 300, cost_basis: 51 }), otm: 39.5 },
];

describe('Most OTM screen (/test)', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.innerWidth = 1024;
  });

  it('lists the trades by OTM By (whole %), descending, with premiums as $K, and sorts on click', async () => {
    stubApi({
      ...demoAppRoutes(),
      ...signedInRoutes('basic'),
      '/api/get_options_flow_most_otm_data': [200, { date: '2024-03-08', data: rows }],
    });
    renderApp('/test');
    const table = await screen.findByRole('table', { name: 'Most OTM' }, { timeout: 15_000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Date',
      'Time',
      'Ticker',
      'C/P',
      'Strike ($)',
      'DTE',
      'Fill',
      'Price',
      'Size',
      'Type',
      'OI',
      'Volume',
      'Vol/OI',
      'Score',
      'Premium',
      'OTM By',
    ]);
    const body = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .filter((r) => r.textContent !== '' && !r.getAttribute('aria-hidden'));
    const cells = (i: number) => Array.from(body()[i]!.children).map((c) => c.textContent);
    await waitFor(() => expect(body().map((r) => r.children[2]?.textContent)).toEqual(['TSLA', 'AAPL', 'SPY']));
    expect(cells(0).at(-1)).toBe('88%');
    expect(cells(0).at(-2)).toBe('$300K');
    await userEvent.click(within(table).getByRole('button', { name: /OTM By/ }));
    expect(body().map((r) => r.children[2]?.textContent)).toEqual(['SPY', 'AAPL', 'TSLA']);
  });

  it('stars each row ticker, and the watchlist chip limits the rows to the chosen list (in the URL)', async () => {
    stubApi({
      ...demoAppRoutes(),
      ...signedInRoutes('basic'),
      '/api/get_options_flow_most_otm_data': [200, { date: '2024-03-08', data: rows }],
      '/api/get_watchlists': [
        200,
        {
          lists: [{ id: 'semis', name: 'Semis', tickers: ['AAPL', 'SPY'], version: 1 }],
          limits: { namedLists: 10, tickersPerList: 200 },
        },
      ],
    });
    renderApp('/test?watchlist=semis');
    const table = await screen.findByRole('table', { name: 'Most OTM' }, { timeout: 15_000 });
    await waitFor(() => expect(within(table).queryByTestId('star-TSLA')).toBeNull());
    expect(within(table).getByTestId('star-AAPL').getAttribute('data-starred')).toBe('false');
    expect(within(table).getByTestId('star-SPY')).toBeTruthy();
    expect((await screen.findByTestId('watchlist-filter-chip', {}, { timeout: 15_000 })).textContent).toBe('Semis (2)');
  });

  it('formats OTM By as a whole percent', () => {
    expect([41.6, 39.5, 0.4, -12.7].map(formatOtm)).toEqual(['42%', '40%', '0%', '-13%']);
  });
});
