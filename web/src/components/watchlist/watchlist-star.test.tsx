import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearToken, saveToken } from '../../lib/session-token.ts';
import { fakeJwt } from '../../lib/session-test-utils.ts';
import { registerSignUpPrompt } from '../../lib/sign-up-prompt.ts';
import { renderWithApp, stubFetch } from '../ticker/test/ticker-harness.tsx';
import { WatchlistStar } from './watchlist-star.tsx';

const USER = { username: 'star_user', email: 'star@example.com', subscription: 'free' };
const lists = (tickers: string[], version = 1) => ({
  lists: [{ id: 'default', name: 'Watchlist', tickers, version }],
  limits: { namedLists: 10, tickersPerList: 200 },
});

/** A write that waits until the test lets it answer, so the optimistic state can be seen. */
function deferred() {
  let release: (reply: [number, unknown]) => void = () => {};
  const reply = new Promise<[number, unknown]>((r) => (release = r));
  return { reply, release };
}

describe('WatchlistStar', () => {
  afterEach(() => {
    clearToken();
    vi.unstubAllGlobals();
  });

  it('a signed-out visitor gets the sign-up prompt and nothing is requested', async () => {
    const fetchMock = stubFetch(() => [404, {}]);
    const prompt = vi.fn();
    const off = registerSignUpPrompt(prompt);
    renderWithApp(<WatchlistStar ticker="aapl" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign up to add AAPL to a watchlist' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('watchlist'))).toEqual([]);
    off();
  });

  it('turns at once (optimistic), and rolls back when the server refuses', async () => {
    saveToken({ token: fakeJwt(3600), refreshToken: null, remember: false });
    const write = deferred();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const [status, body] =
        path === '/api/get_user_info'
          ? [200, USER]
          : path === '/api/get_watchlists'
            ? [200, lists(['MSFT'])]
            : await write.reply;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<WatchlistStar ticker="AAPL" />);
    const star = await screen.findByRole('button', { name: 'Add AAPL to Watchlist' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByTestId('star-AAPL').getAttribute('aria-pressed')).toBe('true'));
    await act(async () =>
      write.release([409, { alert_show: true, alert_message: '"Watchlist" holds at most 200 tickers' }]),
    );
    await waitFor(() => expect(screen.getByTestId('star-AAPL').getAttribute('aria-pressed')).toBe('false'));
    const sent = fetchMock.mock.calls.find(([u]) => String(u).includes('add_watchlist_tickers'));
    expect(JSON.parse(String((sent![1] as RequestInit).body))).toEqual({ id: 'default', tickers: ['AAPL'] });
  });

  it('keeps the server answer on success, and unstars a listed ticker', async () => {
    saveToken({ token: fakeJwt(3600), refreshToken: null, remember: false });
    stubFetch((path) =>
      path === '/api/get_user_info'
        ? [200, USER]
        : path === '/api/get_watchlists'
          ? [200, lists(['AAPL'])]
          : [200, { list: lists([], 2).lists[0], added: [], removed: ['AAPL'], duplicates: [], unknown: [] }],
    );
    renderWithApp(<WatchlistStar ticker="AAPL" />);
    await waitFor(() =>
      expect(screen.getByTestId('star-AAPL').getAttribute('aria-label')).toBe('Remove AAPL from Watchlist'),
    );
    fireEvent.click(screen.getByTestId('star-AAPL'));
    await waitFor(() => expect(screen.getByTestId('star-AAPL').getAttribute('aria-pressed')).toBe('false'));
  });
});
