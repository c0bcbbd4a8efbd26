import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DarkPoolData, DarkPoolIndividual } from '@tapewatch/shared/schemas/dark-pools';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import individualFixture from './test/individual-spy.fixture.json' with { type: 'json' };
import tableFixture from './test/table.fixture.json' with { type: 'json' };

const individual = individualFixture as DarkPoolIndividual;
const table = tableFixture as DarkPoolData;
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const quote = {
  ticker: 'SPY',
  as_of: '2024-03-08',
  c: 511.72,
  todaysChange: -3.09,
  todaysChangePerc: -0.6,
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

function api(extra: Record<string, [number, unknown]> = {}) {
  return mockApi({
    '/api/get_app_info': [200, appInfo],
    '/api/get_ticker_info': [200, quote],
    '/api/get_dark_pool_individual_data': [200, individual],
    '/api/get_dark_pool_data': [200, table],
    ...extra,
  });
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByTestId('data-row');
const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);

describe('Dark Pools screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('shows the summary, both charts, the notes and the main table sorted by DP Position $ descending', async () => {
    const fetchMock = api();
    renderApp('/darkpools');
    expect(await screen.findByRole('heading', { name: 'Dark Pools', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Price vs Short Volume', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Price vs Short Volume %', level: 2 })).toBeTruthy();
    expect(screen.getByTestId('dark-pool-help').textContent).toMatch(/data updates at 6pm EST/);
    expect(screen.getByTestId('dark-pool-help').textContent).toMatch(
      /sum of net short volume over the last 20 trading days/,
    );
    const n = individual.individual_short_volume.dates.length;
    expect(screen.getByTestId('summary-position').textContent).toBe(
      individual.individual_dark_pool_position_data.dp_position[n - 1]!.toLocaleString('en-US'),
    );
    expect(screen.getByTestId('summary-net-volume').textContent).toBe(
      individual.individual_short_volume.net_volume[n - 1]!.toLocaleString('en-US'),
    );

    const main = await waitFor(() => rowsOf('Dark pool data of all tickers'));
    expect(main).toHaveLength(15);
    expect(cells(main[0]!)[0]).toBe(table.data[0]!.Ticker);
    expect(within(main[0]!).getByTestId(`star-${table.data[0]!.Ticker}`)).toBeTruthy();
    expect(cells(main[14]!)[0]).toBe(table.data[14]!.Ticker);
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).includes('get_dark_pool_data'))![0])).toContain(
      'minmax=desc',
    );

    // Per-ticker table: 15 rows per page, newest date first.
    const perTicker = rowsOf('SPY daily short volume');
    expect(perTicker).toHaveLength(15);
    expect(cells(perTicker[0]!)[1]).toBe('2024-03-08');
  });

  it('reloads the table ordered by the chosen button and direction', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    renderApp('/darkpools');
    await waitFor(() => rowsOf('Dark pool data of all tickers'), { timeout: 15_000 });
    await user.click(screen.getByRole('radio', { name: 'Min' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Order table by' })).getByRole('button', { name: 'Short Volume %' }),
    );
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([u]) => decodeURIComponent(String(u)).replace(/\+/g, ' '));
      expect(urls.some((u) => u.includes('top=Short Volume %') && u.includes('minmax=asc'))).toBe(true);
    });
    // The table now sorts by that column, lowest first.
    await waitFor(() => {
      const shown = rowsOf('Dark pool data of all tickers').map((r) => cells(r)[0]);
      const expected = [...table.data]
        .sort((a, b) => a['Short Volume %']! - b['Short Volume %']!)
        .slice(0, 15)
        .map((r) => r.Ticker);
      expect(shown).toEqual(expected);
    });
  });

  it('selects a ticker from a row click and navigates to /darkpools/{ticker}', async () => {
    const user = userEvent.setup();
    api();
    const { location } = renderApp('/darkpools');
    const rows = await waitFor(() => rowsOf('Dark pool data of all tickers'), { timeout: 15_000 });
    await user.click(rows[1]!);
    expect(location.pathname).toBe(`/darkpools/${table.data[1]!.Ticker}`);
  });

  it('hides the share-count columns and buttons under 1100 px', async () => {
    window.innerWidth = 800;
    api();
    renderApp('/darkpools/spy');
    const rows = await waitFor(() => rowsOf('Dark pool data of all tickers'), { timeout: 15_000 });
    expect(cells(rows[0]!)).toHaveLength(4);
    const group = within(screen.getByRole('group', { name: 'Order table by' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Short Volume %',
      'Net Short Vol. $',
      'DP Position $',
    ]);
  });

  it('shows an empty state for a ticker without FINRA rows', async () => {
    const empty = {
      ticker: 'ZZZ',
      as_of: null,
      prices: { dates: [], prices: [] },
      individual_short_volume: { dates: [], total_volume: [], short_volume: [], net_volume: [], 'short_volume%': [] },
      individual_dark_pool_position_data: { dates: [], dollar_dp_position: [], dollar_net_volume: [], dp_position: [] },
      individual_short_volume_table: { data: [] },
    };
    api({ '/api/get_dark_pool_individual_data': [200, empty] });
    renderApp('/darkpools/zzz');
    expect((await screen.findByTestId('dark-pool-empty', {}, { timeout: 15_000 })).textContent).toContain(
      'No dark pool data for ZZZ',
    );
    expect(screen.queryByRole('heading', { name: 'Price vs Short Volume' })).toBeNull();
  });
});
