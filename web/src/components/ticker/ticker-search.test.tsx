import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GLOBAL_TICKER_STORAGE_KEY } from '../../lib/global-ticker.tsx';
import { SEARCH_DEBOUNCE_MS, TickerSearch } from './ticker-search.tsx';
import { SEARCH_RESULTS } from './test/ticker-fixtures.ts';
import { callsTo, renderWithApp, stubFetch } from './test/ticker-harness.tsx';

const SEARCH = '/api/search_tickers';

function stubSearch() {
  return stubFetch((path, params) => {
    if (path !== SEARCH) return [404, { alert_show: true, alert_message: 'not found' }];
    const fragment = (params.get('fragment') ?? '').toLowerCase();
    return [200, SEARCH_RESULTS[fragment] ?? { tickers: [] }];
  });
}

const input = () => screen.getByRole('combobox', { name: 'Search ticker' });
const globalTicker = () => screen.getByTestId('global-ticker').textContent;
// The option's text (its first child): the shortcuts and the star beside it are hidden from its name.
const optionNames = () => screen.getAllByRole('option').map((o) => o.firstElementChild?.textContent);

describe('TickerSearch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has an accessible label and the placeholder, and starts from SPY', () => {
    stubSearch();
    renderWithApp(<TickerSearch />);
    expect(input().getAttribute('placeholder')).toBe('Enter name or ticker');
    expect(globalTicker()).toBe('SPY');
  });

  it('shows "TICKER - Company" suggestions for typed text, best first', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSearch();
    renderWithApp(<TickerSearch />);
    // One input event (keystroke timing under load is the debounce test's business, below).
    await user.click(input());
    await user.paste('app');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(optionNames()).toEqual([
        'APP - AppLovin',
        'AAPL - Apple Inc.',
        'AMAT - Applied Materials',
        'NTAP - NetApp',
      ]),
    );
    expect(within(listbox).getByRole('option', { name: 'AAPL - Apple Inc.' })).toBeTruthy();
    expect(callsTo(fetchMock, SEARCH).map((u) => u.searchParams.get('fragment'))).toEqual(['app']);
  });

  it('shows "No result found" when nothing matches', async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithApp(<TickerSearch />);
    await user.type(input(), 'zzzzq');
    expect(await screen.findByText('No result found')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('ArrowDown + Enter selects a suggestion, sets and persists the global ticker, and calls onSelect', async () => {
    const user = userEvent.setup();
    stubSearch();
    const onSelect = vi.fn();
    renderWithApp(<TickerSearch onSelect={onSelect} />);
    await user.type(input(), 'app');
    await screen.findByRole('option', { name: 'AAPL - Apple Inc.' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(globalTicker()).toBe('AAPL');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('AAPL');
    expect(window.sessionStorage.getItem(GLOBAL_TICKER_STORAGE_KEY)).toBe('AAPL');
    // Ready for the next search: the text is cleared and the popup closed.
    expect((input() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('selects with the mouse too', async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithApp(<TickerSearch />);
    await user.type(input(), 'app');
    await user.click(await screen.findByRole('option', { name: 'AMAT - Applied Materials' }));
    expect(globalTicker()).toBe('AMAT');
  });

  it("links each result's option chain and volatility pages (mouse shortcuts, hidden from the option's name)", async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithApp(<TickerSearch />);
    await user.type(input(), 'app');
    const option = await screen.findByRole('option', { name: 'AAPL - Apple Inc.' });
    const chain = within(option).getByTestId('search-chain-AAPL');
    expect(chain.getAttribute('href')).toBe('/optionchain/AAPL');
    expect(within(option).getByTestId('search-vol-AAPL').getAttribute('href')).toBe('/volatility/AAPL');
    expect(chain.getAttribute('tabindex')).toBe('-1');
    expect(chain.closest('[aria-hidden="true"]')).toBeTruthy();
    // Following the link opens that page without choosing the option for this one.
    await user.click(chain);
    expect(globalTicker()).toBe('SPY');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  });

  it('Escape closes the suggestions without changing the ticker', async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithApp(<TickerSearch />);
    await user.type(input(), 'app');
    await screen.findByRole('option', { name: 'APP - AppLovin' });
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(globalTicker()).toBe('SPY');
  });

  it('Enter on a typed exact ticker selects it, even when pressed before its suggestions arrive', async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithApp(<TickerSearch />);
    await user.type(input(), 'aapl{Enter}');
    await waitFor(() => expect(globalTicker()).toBe('AAPL'));
  });

  it('Enter on typed text that is not a listed ticker changes nothing', async () => {
    const user = userEvent.setup();
    stubSearch();
    renderWithApp(<TickerSearch />);
    await user.type(input(), 'appl');
    await screen.findByRole('option', { name: 'AMAT - Applied Materials' });
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(3));
    await user.keyboard('{Enter}');
    expect(globalTicker()).toBe('SPY');
    expect((input() as HTMLInputElement).value).toBe('appl');
  });

  it('debounces: fast typing sends one request for the final text', async () => {
    // Virtual time: the keystrokes are 20 ms apart however busy the machine is.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetchMock = stubSearch();
      renderWithApp(<TickerSearch />);
      for (const text of ['a', 'aa', 'aap', 'aapl']) {
        fireEvent.change(input(), { target: { value: text } });
        await act(() => vi.advanceTimersByTimeAsync(20));
      }
      expect(callsTo(fetchMock, SEARCH)).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 250));
      expect(callsTo(fetchMock, SEARCH).map((u) => u.searchParams.get('fragment'))).toEqual(['aapl']);
    } finally {
      vi.useRealTimers();
    }
  });

  // Virtual time past the debounce instead of sleeping: a request that would go out has gone out.
  const pastDebounce = () => act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 250));
  const fakeTimeUser = () => {
    // The fake clock also follows real time, so typing and the fetch stub run as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    return userEvent.setup();
  };

  it('sends nothing for empty or blank input', async () => {
    const user = fakeTimeUser();
    try {
      const fetchMock = stubSearch();
      renderWithApp(<TickerSearch />);
      await user.click(input());
      await user.keyboard('{ArrowDown}');
      await user.type(input(), '   ');
      await pastDebounce();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(screen.queryByRole('listbox')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('clearing the text sends no request and hides the list', async () => {
    const user = fakeTimeUser();
    try {
      const fetchMock = stubSearch();
      renderWithApp(<TickerSearch />);
      await user.type(input(), 'a');
      await pastDebounce();
      await screen.findByRole('option', { name: 'A - Agilent Technologies' });
      await user.clear(input());
      await pastDebounce();
      expect(callsTo(fetchMock, SEARCH)).toHaveLength(1);
      expect(screen.queryByRole('listbox')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
