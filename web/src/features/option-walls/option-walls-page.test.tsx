import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import { urlsCalled } from '../../test/stub-api.ts';
import { minmaxFixture, wallsFixture } from './test/fixtures.ts';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const api = (overrides: Record<string, [number, unknown]> = {}) =>
  mockApi({
    '/api/get_app_info': [200, appInfo],
    '/api/get_option_walls': [200, wallsFixture],
    '/api/get_option_minmax': [200, minmaxFixture],
    ...overrides,
  });

describe('Option Walls screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('shows the three charts, the update note, the levels and the help text', async () => {
    api();
    renderApp('/optionwalls');
    expect(await screen.findByRole('heading', { name: 'Option Walls', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    for (const title of [
      'Delta-Adjusted OI per Strike',
      'Maximum and Minimum Delta-Adjusted OI per Date',
      'Gamma Exposure per Strike',
    ]) {
      expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeTruthy();
    }
    expect(screen.getByText(/Data updates at 4:35pm EST/)).toBeTruthy();
    expect(screen.getByTestId('level-call_wall').textContent).toContain('520.00');
    expect(screen.getByTestId('level-zero_gamma').textContent).toContain('507.43');
    expect(screen.getByRole('heading', { name: 'How to read these charts' })).toBeTruthy();
    expect(screen.getByText('Zero gamma', { selector: 'dt' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Option Walls' })).toBeTruthy();
    // Walls stored without a price basis (before it was recorded): no note.
    expect(screen.queryByTestId('walls-price-basis')).toBeNull();
  });

  it("says when the walls' strikes are on a demo ETF's dividend-adjusted price (issue 37 item 4)", async () => {
    api({ '/api/get_option_walls': [200, { ...wallsFixture, price_basis: 'dividend_adjusted' }] });
    renderApp('/optionwalls');
    expect((await screen.findByTestId('walls-price-basis', {}, { timeout: 15_000 })).textContent).toMatch(
      /^SPY's demo prices are dividend-adjusted closes/,
    );
  });

  it('hides an expiry from the chart data when its legend toggle is clicked', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/optionwalls');
    const card = await screen.findByRole('region', { name: 'Delta-Adjusted OI per Strike' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Show data' }));
    const rows = () => within(screen.getByTestId('walls-table')).getAllByTestId('walls-row');
    expect(rows()).toHaveLength(8);
    const first = rows()[0]!;
    expect(Array.from(first.children).map((c) => c.textContent)).toEqual(['505', '2024-03-11', '412,346', '-650,300']);
    const toggle = within(card).getByRole('button', { name: '2024-03-11' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().every((r) => r.children[1]!.textContent !== '2024-03-11')).toBe(true);
    expect(within(card).getByRole('button', { name: '2024-03-11' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('tabulates the min/max series and the GEX per strike as the API sent them', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/optionwalls');
    const mm = await screen.findByRole(
      'region',
      { name: 'Maximum and Minimum Delta-Adjusted OI per Date' },
      { timeout: 15_000 },
    );
    await user.click(within(mm).getByRole('button', { name: 'Show data' }));
    const mmRows = within(screen.getByTestId('minmax-table')).getAllByTestId('minmax-row');
    expect(mmRows.map((r) => r.firstElementChild?.textContent)).toEqual(minmaxFixture.dates);
    expect(Array.from(mmRows[1]!.children).map((c) => c.textContent)).toEqual([
      '2024-03-07',
      '5,230,400',
      '520',
      '-7,120,000',
      '490',
    ]);
    const gex = screen.getByRole('region', { name: 'Gamma Exposure per Strike' });
    await user.click(within(gex).getByRole('button', { name: 'Show data' }));
    const gexRows = within(screen.getByTestId('gex-table')).getAllByTestId('gex-row');
    expect(gexRows).toHaveLength(6);
    expect(Array.from(gexRows[4]!.children).map((c) => c.textContent)).toEqual([
      '520',
      '730,000,000',
      '-60,000,000',
      '670,000,000',
    ]);
  });

  it('says so when there is no chain data instead of drawing empty charts', async () => {
    api({
      '/api/get_option_walls': [
        200,
        {
          ...wallsFixture,
          data: {},
          gex: { ...wallsFixture.gex, strikes: [], call_gex: [], put_gex: [], net_gex: [] },
        },
      ],
      '/api/get_option_minmax': [
        200,
        { underlying: 'SPY', dates: [], calls: [], puts: [], call_strikes: [], put_strikes: [] },
      ],
    });
    renderApp('/optionwalls');
    expect((await screen.findByTestId('walls-empty', {}, { timeout: 15_000 })).textContent).toMatch(
      /No SPY option chain data/,
    );
    expect(screen.getByTestId('minmax-empty')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Delta-Adjusted OI per Strike' })).toBeNull();
  });

  it("opens a searched ticker's walls from its URL, without SPY's daily history", async () => {
    const fetchMock = api({ '/api/get_option_walls': [200, { ...wallsFixture, underlying: 'NVDA' }] });
    renderApp('/optionwalls/nvda');
    expect(
      await screen.findByRole('heading', { name: 'Option Walls: NVDA', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Gamma Exposure per Strike' })).toBeTruthy();
    expect(urlsCalled(fetchMock, 'get_option_walls').every((u) => u.includes('ticker=NVDA'))).toBe(true);
    expect(screen.getByText(/per 1% move of NVDA/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Maximum and Minimum Delta-Adjusted OI per Date' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Search ticker for its option walls' })).toBeTruthy();
  });
});
