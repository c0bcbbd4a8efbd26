import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ByStrikeResponse,
  HistoricalPremiumResponse,
  TopPremiumsResponse,
} from '@tapewatch/shared/schemas/flow-cumulative-top';
import { TOKEN_STORAGE_KEY } from '../../lib/auth-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { renderApp } from '../../test/render-app.tsx';
import { demoAppRoutes, signedInRoutes, stubApi, tickerQuote, urlsCalled } from '../../test/stub-api.ts';

const hist = (ticker: string, lookback: number): HistoricalPremiumResponse =>
  ticker === 'QUIET'
    ? {
        ticker,
        lookback,
        from: '2024-02-01',
        to: '2024-03-08',
        dates: [],
        prices: [],
        call_premiums: [],
        put_premiums: [],
        net_premiums: [],
        cum_call_premiums: [],
        cum_put_premiums: [],
        cum_net_premiums: [],
      }
    : {
        ticker,
        lookback,
        from: '2024-03-06',
        to: '2024-03-08',
        dates: lookback === 2 ? ['2024-03-07', '2024-03-08'] : ['2024-03-06', '2024-03-07', '2024-03-08'],
        prices: lookback === 2 ? [509, 511.5] : [507.5, 509, 511.5],
        call_premiums: [100, 10, 50],
        put_premiums: [40, 90, 5],
        net_premiums: [60, -80, 45],
        cum_call_premiums: lookback === 2 ? [10, 60] : [100, 110, 160],
        cum_put_premiums: lookback === 2 ? [90, 95] : [40, 130, 135],
        cum_net_premiums: lookback === 2 ? [-80, -35] : [60, -20, 25],
      };
const strikes = (ticker: string, lookback: number): ByStrikeResponse => ({
  ticker,
  lookback,
  from: '2024-03-06',
  to: '2024-03-08',
  strike_price: ticker === 'QUIET' ? [] : [490, 500],
  call_premiums: ticker === 'QUIET' ? [] : [0, 110],
  put_premiums: ticker === 'QUIET' ? [] : [40, 90],
  call_size: ticker === 'QUIET' ? [] : [0, 11],
  put_size: ticker === 'QUIET' ? [] : [4, 9],
});
const rows = Array.from({ length: 25 }, (_, i) => ({
  ticker: `T${String(i).padStart(2, '0')}`,
  calls: 100 + i,
  puts: 50,
  net: 50 + i,
  sector: i % 2 ? 'Energy' : 'Financials',
  top_contract: i === 0 ? null : { symbol: `T${String(i).padStart(2, '0')}240315C00100000`, cost_basis: 40 + i },
}));
const top = (lookback: number): TopPremiumsResponse => ({
  lookback,
  from: lookback === 100 ? '2023-12-12' : '2024-02-09',
  to: '2024-03-08',
  days: Math.min(lookback, 60),
  by_ticker: lookback === 1 ? rows.slice(0, 3) : rows,
  sectors: {
    calls: [
      { name: 'Energy', value: 1200 },
      { name: 'Utilities', value: 400 },
    ],
    puts: [{ name: 'Energy', value: 500 }],
    net: [
      { name: 'Energy', value: 700 },
      { name: 'Utilities', value: -300 },
    ],
  },
  sum: { calls: 3000, puts: 1000 },
});

function api(subscription = 'basic') {
  const ticker = (p: URLSearchParams) => p.get('ticker') ?? '';
  const lookback = (p: URLSearchParams) => Number(p.get('lookback') ?? 20);
  return stubApi({
    ...demoAppRoutes(),
    ...signedInRoutes(subscription),
    '/api/get_ticker_info': (p) => [200, tickerQuote({ ticker: ticker(p), c: 502.24 })],
    '/api/get_options_flow_historical_premium_data': (p) => [200, hist(ticker(p), lookback(p))],
    '/api/get_options_flow_by_strike_data': (p) => [200, strikes(ticker(p), lookback(p))],
    '/api/get_options_flow_top_premiums_data': (p) => [200, top(lookback(p))],
  });
}
const calls = urlsCalled;
const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((r) => Array.from(r.children).map((c) => c.textContent));

async function pick(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId).parentElement!).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('Cumulative Stats and Top Premiums screens', { timeout: 60_000 }, () => {
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

  it('cumulative stats: the route ticker, cumulative data, and a lookback change reloads only that chart', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp('/optionsflowcumulativestats/aapl');
    const card = await screen.findByRole('region', { name: 'Cumulative Premiums: AAPL' }, { timeout: 15_000 });
    expect(calls(fetchMock, 'historical_premium')[0]).toMatch(/ticker=AAPL.*lookback=20|lookback=20.*ticker=AAPL/);
    await user.click(within(card).getByRole('button', { name: 'Show data' }));
    expect(cells('cumulative-data')[1]).toEqual(['2024-03-07', '-$20K', '$110K', '$130K', '509.00']);
    await pick('cumulative-lookback', '2');
    await waitFor(() => expect(cells('cumulative-data')).toHaveLength(2));
    expect(cells('cumulative-data')[1]).toEqual(['2024-03-08', '-$35K', '$60K', '$95K', '511.50']);
    expect(calls(fetchMock, 'historical_premium').at(-1)).toContain('lookback=2');
    expect(calls(fetchMock, 'by_strike_data').every((u) => u.includes('lookback=20'))).toBe(true);
  });

  it('a ticker without flow says so with the lookback', async () => {
    api();
    renderApp('/optionsflowcumulativestats/QUIET');
    expect(
      await screen.findAllByText('No options flow for QUIET in the last 20 days.', {}, { timeout: 15_000 }),
    ).toHaveLength(2);
  });

  it('a free user is sent to / without a flow request', async () => {
    const fetchMock = api('free');
    renderApp('/optionsflowcumulativestats');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Cumulative Stats' })).toBeNull(), {
      timeout: 15_000,
    });
    expect(calls(fetchMock, 'get_options_flow_')).toEqual([]);
  });

  it('top premiums: pies with signed net, table sorted by net descending in pages of 20, lookback reload', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp('/optionsflowtoppremiums');
    const table = await screen.findByRole('table', { name: 'Top premiums by ticker' }, { timeout: 15_000 });
    const bodyRows = () =>
      within(screen.getByRole('table', { name: 'Top premiums by ticker' }))
        .getAllByRole('row')
        .filter((r) => r.querySelector('td'));
    expect(bodyRows()).toHaveLength(20);
    expect(bodyRows()[0]!.textContent).toContain('T24');
    expect(table.textContent).toContain('$74K');
    // Each entry opens its largest print's contract.
    const link = within(bodyRows()[0]!).getByRole('link', { name: /T24 100C 2024-03-15 \$64K/ });
    expect(link.getAttribute('href')).toBe('/contract/T24240315C00100000');
    await user.click(
      within(screen.getByRole('region', { name: 'Net by Sector' })).getByRole('button', { name: 'Show data' }),
    );
    expect(cells('sector-net-data')).toEqual([
      ['Energy', '$700K', '70.0%'],
      ['Utilities', '-$300K', '30.0%'],
    ]);
    expect(calls(fetchMock, 'top_premiums')[0]).toContain('lookback=20');
    await pick('top-lookback', '1');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(calls(fetchMock, 'top_premiums').at(-1)).toContain('lookback=1');
    expect(screen.getByTestId('top-premiums-range').textContent).toBe('2024-02-09 to 2024-03-08');
    // 100 days asked, 60 stored: the screen says so rather than pass 60 days off as 100.
    await pick('top-lookback', '100');
    await waitFor(() =>
      expect(screen.getByTestId('top-premiums-range').textContent).toBe(
        '2023-12-12 to 2024-03-08: only 60 trading days of flow are stored, so the 100-day total covers 60',
      ),
    );
  });
});
