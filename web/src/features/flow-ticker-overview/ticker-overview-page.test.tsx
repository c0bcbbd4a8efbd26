import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  IntradayPremiums,
  LatestTrades,
  Seasonality,
  TickerMetrics1d,
  TickerMetrics5d,
} from '@tapewatch/shared/schemas/flow-ticker-overview';
import { trade } from '../../components/flow/test-trades.ts';
import { TOKEN_STORAGE_KEY } from '../../lib/auth-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { renderApp } from '../../test/render-app.tsx';
import { demoAppRoutes, signedInRoutes, stubApi, tickerQuote, urlsCalled } from '../../test/stub-api.ts';

const noChg = {
  call_premiums_chg: null,
  put_premiums_chg: null,
  call_flow_chg: null,
  put_flow_chg: null,
  avg_call_score_chg: null,
  avg_put_score_chg: null,
};
const m = (c: number, p: number) => ({
  call_premiums: c,
  put_premiums: p,
  call_flow: 120,
  put_flow: 80,
  avg_call_score: 0.613,
  avg_put_score: 0.402,
});
const d1 = (ticker: string, has: boolean): TickerMetrics1d => ({
  ticker,
  has_flow: has,
  current_date: '2024-03-08',
  prior_date: '2024-03-07',
  base_date: '2024-03-06',
  current: has ? m(4321.7, 987) : { ...m(0, 0), call_flow: 0, put_flow: 0, avg_call_score: null, avg_put_score: null },
  prior: { ...m(8000, 2500), ...noChg, call_premiums_chg: 25.5, put_premiums_chg: -12.25 },
});
const d5 = (ticker: string): TickerMetrics5d => ({
  ticker,
  has_flow: true,
  ...m(40000, 15000),
  ...noChg,
  call_premiums_chg: 7.1,
  days: ['2024-03-07'],
  base_days: [],
});
const intraday = (ticker: string, interval: number): IntradayPremiums =>
  interval === 2
    ? {
        ticker,
        date: '2024-03-08',
        interval,
        minutes: 30,
        index: ['09:30', '10:00'],
        ohlc: [
          [500, 503, 499, 502],
          [502, 504, 501, 501.5],
        ],
        calls: [900, 400],
        puts: [300, 100],
      }
    : {
        ticker,
        date: '2024-03-08',
        interval,
        minutes: 10,
        index: ['09:30', '09:40', '09:50'],
        ohlc: [[500, 501, 499, 500.5], [500.5, 503, 500, 502], null],
        calls: [300, 600, 0],
        puts: [100, 200, 50],
      };
const series = (index: string[]) => ({ index, calls: index.map((_, i) => 100 * (i + 1)), puts: index.map(() => 50) });
const seasonality = (ticker: string): Seasonality => ({
  ticker,
  has_flow: true,
  days: 59,
  from: '2023-12-11',
  to: '2024-03-07',
  intraday: series(['09:30', '10:00']),
  daily: series(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']),
  monthly: { index: ['Jan', 'Feb'], calls: [null, 10], puts: [null, 5] },
});
const latest = (ticker: string): LatestTrades => ({
  ticker,
  date: '2024-03-08',
  data: [
    trade({ key: 'n1', ticker, time: '11:58:00', strike_price: 505, cost_basis: 77.7 }),
    trade({ key: 'n2', ticker, time: '11:40:00', put_call: 'Put', cost_basis: 12 }),
  ],
});

function api(subscription = 'basic') {
  const ticker = (p: URLSearchParams) => p.get('ticker') ?? '';
  const quiet = (p: URLSearchParams) => ticker(p) === 'QUIET';
  return stubApi({
    ...demoAppRoutes(),
    ...signedInRoutes(subscription),
    '/api/get_ticker_info': (p) => [200, tickerQuote({ ticker: ticker(p), c: 502.24 })],
    '/api/search_tickers': [200, { tickers: [['QUIET', 'Quiet Corp']] }],
    '/api/get_options_flow_ticker_metrics_1d_data': (p) => [200, d1(ticker(p), !quiet(p))],
    '/api/get_options_flow_ticker_metrics_data': (p) => [200, { ...d5(ticker(p)), has_flow: !quiet(p) }],
    '/api/get_options_flow_intraday_premiums_data': (p) => [
      200,
      quiet(p)
        ? { ticker: ticker(p), date: null, interval: 1, minutes: 10, index: [], ohlc: [], calls: [], puts: [] }
        : intraday(ticker(p), Number(p.get('interval'))),
    ],
    '/api/get_options_flow_seasonality_data': (p) => [200, { ...seasonality(ticker(p)), has_flow: !quiet(p) }],
    '/api/get_options_flow_latest_trades_data': (p) => [
      200,
      quiet(p) ? { ticker: ticker(p), date: null, data: [] } : latest(ticker(p)),
    ],
  });
}
const calls = urlsCalled;

describe('Ticker Overview screen', { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.innerWidth = 1024;
  });

  it('shows the metrics, the intraday data, seasonality coverage and latest trades; the interval reloads the chart', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp('/optionsflow-ticker-overview');
    const oneDay = await screen.findByRole('table', { name: '1-Day Metrics' }, { timeout: 15_000 });
    const row = (table: HTMLElement, label: string) =>
      Array.from(within(table).getByRole('rowheader', { name: label }).parentElement!.children).map(
        (c) => c.textContent,
      );
    expect(row(oneDay, 'Call Premiums')).toEqual(['Call Premiums', '$4,322K', '$8,000K', '+25.50%']);
    expect(row(oneDay, 'Put Premiums')).toEqual(['Put Premiums', '$987K', '$2,500K', '-12.25%']);
    expect(row(oneDay, 'Avg Call Score')).toEqual(['Avg Call Score', '0.61', '0.61', '-']);
    expect(row(screen.getByRole('table', { name: '5-Day Metrics' }), 'Call Premiums')).toEqual([
      'Call Premiums',
      '$40,000K',
      '+7.10%',
    ]);
    expect(calls(fetchMock, 'intraday_premiums')[0]).toContain('interval=1');
    expect(calls(fetchMock, 'intraday_premiums')[0]).toContain('ticker=SPY');

    const btn = within(screen.getByRole('region', { name: 'Intraday Premiums' })).getByRole('button', {
      name: 'Show data',
    });
    await user.click(btn);
    const rows = () =>
      screen.getAllByTestId('intraday-row').map((r) => Array.from(r.children).map((c) => c.textContent));
    expect(rows()).toHaveLength(3);
    expect(rows()[1]).toEqual(['09:40', '500.50', '503.00', '500.00', '502.00', '600', '200', '-', '-']);

    await user.click(screen.getByRole('button', { name: '30 minutes' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls(fetchMock, 'intraday_premiums').at(-1)).toContain('interval=2');
    expect(rows()[0]!.slice(0, 7)).toEqual(['09:30', '500.00', '503.00', '499.00', '502.00', '900', '300']);

    expect(screen.getByTestId('seasonality-coverage').textContent).toMatch(
      /over 59 full days \(2023-12-11 to 2024-03-07\)/,
    );
    expect(screen.getAllByRole('region', { name: /Seasonality: (Calls|Puts)/ })).toHaveLength(6);
    const trades = screen.getByRole('table', { name: 'Latest Trades' });
    const first = within(trades).getAllByRole('row')[1]!;
    expect(first.textContent).toContain('11:58:00');
    expect(first.textContent).toContain('$78K');
  });

  it('a ticker without flow says so instead of drawing empty charts', async () => {
    window.sessionStorage.setItem('tapewatch.globalTicker', 'QUIET');
    api();
    renderApp('/optionsflow-ticker-overview');
    expect(await screen.findByText('No options flow for QUIET yet.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Intraday Premiums' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Latest Trades' })).toBeNull();
  });

  it('a free user gets the subscription alert and no flow request', async () => {
    const fetchMock = api('free');
    renderApp('/optionsflow-ticker-overview');
    expect(await screen.findByText('You need to subscribe to access this page.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls(fetchMock, 'get_options_flow_')).toEqual([]);
  });

  it('a visitor gets the subscribe gate, not an alert from the quote of a screen they cannot use', async () => {
    window.localStorage.clear();
    const directory = 'The Nasdaq Trader symbol directory is not available, so the ticker universe is not loaded.';
    const fetchMock = stubApi({
      ...demoAppRoutes(),
      '/api/get_ticker_info': [503, { alert_show: true, alert_message: directory }],
    });
    renderApp('/optionsflow-ticker-overview');
    expect(await screen.findByText('You need to subscribe to access this page.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(calls(fetchMock, 'get_ticker_info')).toEqual([]);
    expect(screen.queryByText(directory)).toBeNull();
  });
});
