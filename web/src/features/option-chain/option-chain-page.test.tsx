import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { stubApi, urlsCalled, type Reply } from '../../test/stub-api.ts';
import { chainFixture } from './test/fixtures.ts';
import { chainTableRows } from './utils/chain-table.ts';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const api = () =>
  stubApi({
    '/api/get_app_info': [200, appInfo],
    '/api/get_option_chain': (q: URLSearchParams): Reply =>
      q.get('ticker') === 'NOPE'
        ? [
            404,
            { alert_show: true, alert_message: 'Unknown ticker NOPE. Search by name or ticker to find one we cover.' },
          ]
        : q.get('ticker') === 'XLK'
          ? [200, { ...chainFixture(), ticker: 'XLK', underlying_price: 102.62, price_basis: 'dividend_adjusted' }]
          : [200, chainFixture(q.get('expiration') ?? '2024-03-15')],
  });

describe('chain table rows', () => {
  it('centre on the money, shade in-the-money sides and flag volume over OI and the top OI', () => {
    const { rows, underlying_price } = chainFixture();
    const shown = chainTableRows(rows, underlying_price, 2);
    expect(shown.map((r) => r.strike)).toEqual([500, 505, 510, 515, 520]);
    expect(shown.find((r) => r.atm)!.strike).toBe(510);
    expect(shown.map((r) => r.callItm)).toEqual([true, true, true, false, false]);
    expect(shown.map((r) => r.putItm)).toEqual([false, false, false, true, true]);
    expect(shown.find((r) => r.callHot)!.strike).toBe(520);
    expect(shown.find((r) => r.strike === 500)!.putTopOi).toBe(true);
    expect(chainTableRows(rows, underlying_price, null)).toHaveLength(8);
  });
});

describe('Option Chain screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the nearest monthly, switches expiration by tab, toggles the Greeks and exports CSV', async () => {
    const user = userEvent.setup();
    const fetchMock = api();
    renderApp('/optionchain/spy');
    expect(
      await screen.findByRole('heading', { name: 'Option Chain: SPY', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await screen.findByTestId('generated-data-caption')).toBeTruthy();
    // The watchlist star of the page's ticker (signed out: it offers the sign-up).
    expect(screen.getByRole('button', { name: 'Sign up to add SPY to a watchlist' })).toBeTruthy();
    const table = await screen.findByTestId('chain-table');
    expect(within(table).getAllByTestId('chain-row')).toHaveLength(8);
    expect(within(table).queryByText('Δ')).toBeNull();
    // A chain on the price as traded (a vendor's, in live mode): no note about the scale.
    expect(screen.queryByTestId('chain-price-basis')).toBeNull();
    const tabs = screen.getByRole('tablist', { name: 'Expirations' });
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toContain('Mar 15');

    await user.click(screen.getByRole('switch', { name: 'Greeks' }));
    expect(within(screen.getByTestId('chain-table')).getAllByText('Δ')).toHaveLength(2);

    await user.click(within(tabs).getByRole('tab', { name: /Mar 11/ }));
    await waitFor(() => expect(urlsCalled(fetchMock, 'expiration=2024-03-11')).toHaveLength(1));
    await waitFor(() => expect(within(tabs).getByRole('tab', { selected: true }).textContent).toContain('Mar 11'));

    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(created[0]!);
    });
    expect(csv.split('\r\n')[0]).toMatch(
      /^Expiration,Strike,Call Bid,Call Ask,Call Mid,Call Last,Call Volume,Call Open Int,Call IV,Call Delta/,
    );
    // Negative numbers stay numbers (the OWASP rule prefixes only text that a spreadsheet would run).
    expect(csv.split('\r\n')[1]).toMatch(/^2024-03-11,495,.*,-0\.1,/);
    expect(screen.getByRole('link', { name: /SPY volatility/ }).getAttribute('href')).toBe('/volatility/SPY');
  });

  it("says when an ETF's demo chain is on its dividend-adjusted price (issue 37 item 4)", async () => {
    api();
    renderApp('/optionchain/XLK');
    expect((await screen.findByTestId('chain-price-basis', {}, { timeout: 15_000 })).textContent).toBe(
      "XLK's demo prices are dividend-adjusted closes (the bundled ETF history has no as-traded close), so this simulated chain's strikes and moneyness sit on that scale, below the strikes listed that day.",
    );
  });

  it("says the server's alert for an unknown ticker", async () => {
    api();
    renderApp('/optionchain/NOPE');
    expect((await screen.findByTestId('chain-error', {}, { timeout: 15_000 })).textContent).toContain(
      'Unknown ticker NOPE',
    );
  });
});
