import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NASDAQ_ONLY_MESSAGE } from '@tapewatch/shared/params/short-interest';
import { renderApp } from '../../test/render-app.tsx';
import { pricesOf, series, tableOrderedBy } from './test/fixtures.ts';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const infoOf = (ticker: string) => ({
  'Short Interest': ticker === 'AAPL' ? 115_750_000 : 42_000_000,
  'Days To Cover': 2.5,
  '%Float Short': ticker === 'ZS' ? null : 0.75,
});
const TOP_FIELD = { short: 'Short Interest', days: 'Days To Cover', float: '%Float Short' } as const;

/** A fake server answering by path and query, like the real one (SPY is not NASDAQ-listed). */
function stubServer() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const ticker = url.searchParams.get('ticker') ?? '';
    const reply = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (ticker === 'SPY') return reply(404, { alert_show: true, alert_message: NASDAQ_ONLY_MESSAGE });
    switch (url.pathname) {
      case '/api/get_app_info':
        return reply(200, appInfo);
      case '/api/get_short_interest':
        return reply(
          200,
          tableOrderedBy(TOP_FIELD[(url.searchParams.get('top') ?? 'float') as keyof typeof TOP_FIELD]),
        );
      case '/api/get_ind_short_interest_info':
        return reply(200, infoOf(ticker));
      case '/api/get_ind_short_interest':
        return reply(200, ticker === 'ZM' ? { short_interest: [] } : series);
      case '/api/get_ticker_prices':
        return reply(200, pricesOf(ticker));
      default:
        return reply(404, { alert_show: true, alert_message: 'Not found' });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.map(([i]) => new URL(String(i), 'http://localhost')).filter((u) => u.pathname === path);

const firstCells = () => screen.getAllByTestId('data-row').map((r) => r.firstElementChild?.textContent);

describe('Short Interest screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('opens on AAPL (the app ticker SPY has no short interest) with the summary, the NASDAQ-only text and the table by %Float Short', async () => {
    const fetchMock = stubServer();
    renderApp('/shortinterest');
    expect(await screen.findByRole('heading', { name: 'Short Interest', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('si-intro').textContent).toContain(
      'Short interest is only available for NASDAQ stocks and ETFs.',
    );
    expect(screen.getByTestId('si-intro').textContent).toContain('share count is an estimate');
    // Demo mode (issue 37): the screen says its short interest is generated.
    expect((await screen.findByTestId('generated-data-caption')).textContent).toBe(
      'Demo: short interest is simulated (seeded), not market data.',
    );
    expect(await screen.findByRole('heading', { name: 'Short Data: AAPL' })).toBeTruthy();
    // The panel and every row carry the ticker's watchlist star (a visitor's asks to sign up).
    expect(within(screen.getByTestId('short-data')).getByTestId('star-AAPL').getAttribute('aria-label')).toBe(
      'Sign up to add AAPL to a watchlist',
    );
    expect((await screen.findByTestId('short-data-Short Interest')).textContent).toBe('115,750,000');
    expect(screen.getByTestId('short-data-Days To Cover').textContent).toBe('2.50');
    expect(screen.getByTestId('short-data-%Float Short').textContent).toBe('0.75%');
    expect(calls(fetchMock, '/api/get_ticker_prices')[0]!.search).toBe('?ticker=AAPL&window=252&closed=true');

    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(20));
    const expected = tableOrderedBy('%Float Short').data;
    expect(firstCells()).toEqual(expected.slice(0, 20).map((r) => r.Ticker));
    expect(within(screen.getAllByTestId('data-row')[0]!).getByTestId(`star-${expected[0]!.Ticker}`)).toBeTruthy();
    expect(calls(fetchMock, '/api/get_short_interest').map((u) => u.searchParams.get('top'))).toEqual(['float']);
    // page 2 holds the remaining 5 rows, ZS (no share count) last
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(firstCells()).toEqual(expected.slice(20).map((r) => r.Ticker));
    expect(screen.getAllByTestId('data-row').at(-1)!.textContent).toContain('-');
  });

  it('Select max reloads the table ordered by that field, back on page 1', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer();
    renderApp('/shortinterest');
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(20), { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Select max Days To Cover' }));
    await waitFor(() =>
      expect(firstCells()).toEqual(
        tableOrderedBy('Days To Cover')
          .data.slice(0, 20)
          .map((r) => r.Ticker),
      ),
    );
    expect(screen.getByRole('button', { name: 'Select max Days To Cover' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Select max Short Interest' }));
    await waitFor(() =>
      expect(firstCells()).toEqual(
        tableOrderedBy('Short Interest')
          .data.slice(0, 20)
          .map((r) => r.Ticker),
      ),
    );
    expect(calls(fetchMock, '/api/get_short_interest').map((u) => u.searchParams.get('top'))).toEqual([
      'float',
      'days',
      'short',
    ]);
  });

  it('a column header sorts ascending first, then toggles', async () => {
    const user = userEvent.setup();
    stubServer();
    renderApp('/shortinterest');
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(20), { timeout: 15_000 });
    const table = screen.getByRole('table', { name: 'Short interest by ticker' });
    await user.click(within(table).getByRole('button', { name: /^Ticker/ }));
    expect(firstCells()[0]).toBe('AAPL');
    await user.click(within(table).getByRole('button', { name: /^Ticker/ }));
    expect(firstCells()[0]).toBe('ZS');
  });

  it('clicking a row selects the ticker, navigates and reloads the ticker data', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer();
    const { location } = renderApp('/shortinterest');
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(20), { timeout: 15_000 });
    const row = screen.getAllByTestId('data-row').find((r) => r.firstElementChild?.textContent === 'TSLA'); // on page 1 of the %Float order
    expect(row).toBeDefined();
    await user.click(row!);
    expect(location.pathname).toBe('/shortinterest/TSLA');
    expect(await screen.findByRole('heading', { name: 'Short Data: TSLA' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('short-data-Short Interest').textContent).toBe('42,000,000'));
    expect(calls(fetchMock, '/api/get_ind_short_interest').map((u) => u.searchParams.get('ticker'))).toContain('TSLA');
    expect(calls(fetchMock, '/api/get_ticker_prices').map((u) => u.searchParams.get('ticker'))).toContain('TSLA');
  });

  it('shows the chart data: one row per settlement in the price window', async () => {
    const user = userEvent.setup();
    stubServer();
    renderApp('/shortinterest/aapl');
    const card = await screen.findByRole('region', { name: 'Price vs Short Interest' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Show data' }));
    const rows = within(screen.getByTestId('si-chart-table')).getAllByTestId('si-chart-row');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual([
      '2024-01-12',
      '2024-01-31',
      '2024-02-15',
      '2024-02-29',
    ]);
    expect(rows.at(-1)!.textContent).toContain('115,750,000');
  });

  it('a non-NASDAQ ticker shows the NASDAQ-only empty state, a ticker without settlements an empty chart, a missing share count Unavailable', async () => {
    stubServer();
    const first = renderApp('/shortinterest/SPY');
    expect(await screen.findByTestId('short-data-empty', {}, { timeout: 15_000 })).toHaveProperty(
      'textContent',
      NASDAQ_ONLY_MESSAGE,
    );
    expect(screen.queryByRole('region', { name: 'Price vs Short Interest' })).toBeNull();
    first.unmount();

    renderApp('/shortinterest/ZS');
    await waitFor(() => expect(screen.getByTestId('short-data-%Float Short').textContent).toBe('Unavailable'), {
      timeout: 15_000,
    });
  });
});
