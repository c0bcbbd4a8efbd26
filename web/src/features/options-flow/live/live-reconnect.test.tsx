import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { keyStats } from '@tapewatch/shared/flow/key-stats';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../../../components/flow/test-trades.ts';
import { fakeJwt } from '../../../lib/session-test-utils.ts';
import { REFRESH_STORAGE_KEY, TOKEN_STORAGE_KEY } from '../../../lib/session-token.ts';
import { mockApi, renderApp, type MockApi } from '../../../test/render-app.tsx';
import { FakeWebSocket } from '../test/fake-websocket.ts';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const basic = { username: 'subscriber1', email: 's@example.com', subscription: 'basic' };
const t = (key: string, ticker: string, time: string) => trade({ key, ticker, time });
const flow = (trades: FlowTrade[]) => ({
  date: '2024-03-08',
  options_flow: trades,
  key_stats: keyStats(trades),
  first_date: '2023-12-12',
});
const newFlow = (x: FlowTrade) => ({ event: 'new_flow', data: JSON.stringify(x) });

const morning = [t('m2', 'AAPL', '10:02:00'), t('m1', 'SPY', '10:01:00')];
const streamed = t('s1', 'NVDA', '10:03:00');
// Published while the socket was down: only a reload of the current flow can bring them.
const gap = [t('g2', 'TSLA', '10:05:00'), t('g1', 'AMD', '10:04:00')];
const after = t('a1', 'META', '10:06:00');

const rows = () => {
  const col = within(screen.getByTestId('flow-table'))
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent?.startsWith('Ticker'));
  return screen
    .getAllByTestId('flow-row')
    .map((r) => r.children[col]?.textContent ?? '')
    .filter((x) => x !== '');
};

function setup(storage: Storage, token: string, extra: MockApi = {}) {
  storage.setItem(TOKEN_STORAGE_KEY, token);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const api: MockApi = {
    '/api/get_app_info': [200, appInfo],
    '/api/get_user_info': [200, basic],
    '/api/get_current_options_flow': [200, flow(morning)],
    '/api/test_socket': [200, { ok: true, connections: 1, last_fanout: null, last_fanout_sent: null }],
    ...extra,
  };
  const fetchMock = mockApi(api);
  const calls = (path: string) => fetchMock.mock.calls.filter(([u]) => String(u).startsWith(path));
  return { api, calls };
}

/** The server drops the socket; the client comes back after its 1-1.2 s backoff. */
async function dropAndReconnect() {
  const before = FakeWebSocket.instances.length;
  act(() => FakeWebSocket.latest().drop());
  await waitFor(() => expect(screen.getByTestId('live-status').textContent).toMatch(/reconnecting/i));
  await waitFor(() => expect(FakeWebSocket.instances.length).toBe(before + 1), { timeout: 10_000 });
}

describe('live flow reconnect (issue 13: a dropped client misses nothing)', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    FakeWebSocket.reset();
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.localStorage.clear();
    window.sessionStorage.clear();
    window.innerWidth = 1024;
  });

  it('reloads the current flow after a reconnect: trades of the gap appear, every trade exactly once', async () => {
    const { api, calls } = setup(window.sessionStorage, fakeJwt(3600));
    renderApp('/optionsflow');
    await waitFor(() => expect(rows()).toEqual(['AAPL', 'SPY']), { timeout: 15_000 });
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().message(newFlow(streamed)));
    expect(rows()).toEqual(['NVDA', 'AAPL', 'SPY']);
    expect(calls('/api/get_current_options_flow')).toHaveLength(1);

    // While the client is away the server stores the gap trades (and, of course, the streamed one).
    api['/api/get_current_options_flow'] = [200, flow([...gap, streamed, ...morning])];
    await dropAndReconnect();
    // Until the reconnect opens nothing is reloaded.
    expect(calls('/api/get_current_options_flow')).toHaveLength(1);
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(calls('/api/get_current_options_flow')).toHaveLength(2));
    // Issue 23: only what is newer than the newest trade held is asked for.
    expect(String(calls('/api/get_current_options_flow')[1]![0])).toContain(`since=${morning[0]!.key}`);
    await waitFor(() => expect(rows()).toEqual(['TSLA', 'AMD', 'NVDA', 'AAPL', 'SPY']));
    // The streamed copy of s1 is forgotten: the reloaded list holds it.
    await waitFor(() => expect(screen.getByTestId('flow-count').textContent).toBe('5 trades'));

    // A repeat of a gap trade on the new socket (fan-out overlapping the reload) is not shown twice,
    // and nor is one frame repeated; a genuinely new trade is prepended once.
    act(() => FakeWebSocket.latest().message([newFlow(gap[0]!), newFlow(after)]));
    act(() => FakeWebSocket.latest().message(newFlow(after)));
    await waitFor(() => expect(rows()).toEqual(['META', 'TSLA', 'AMD', 'NVDA', 'AAPL', 'SPY']), { timeout: 10_000 });
    expect(screen.getByTestId('flow-count').textContent).toBe('6 trades (1 streamed since loading)');
  });

  it('renews an expired token before reconnecting and connects with the renewed one', async () => {
    const renewed = fakeJwt(3600, 'renewed-user');
    const { calls } = setup(window.localStorage, fakeJwt(3600), { '/api/refresh_token': [200, { token: renewed }] });
    window.localStorage.setItem(REFRESH_STORAGE_KEY, 'refresh-1');
    renderApp('/optionsflow');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 15_000 });
    const first = FakeWebSocket.latest();
    act(() => first.open());
    expect(calls('/api/refresh_token')).toHaveLength(0);

    // Two hours later API Gateway drops the socket; the one-hour access token has expired meanwhile.
    const expired = fakeJwt(-60);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, expired);
    await dropAndReconnect();
    expect(calls('/api/refresh_token')).toHaveLength(1);
    const [, init] = calls('/api/refresh_token')[0] as unknown as [string, RequestInit];
    const body = JSON.parse(String(init.body)) as unknown;
    expect(body).toEqual({ refresh_token: 'refresh-1' });
    expect(FakeWebSocket.latest().url).toContain(`token=${encodeURIComponent(renewed)}`);
    expect(FakeWebSocket.latest().url).not.toContain(encodeURIComponent(expired));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(renewed);
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(screen.getByTestId('live-status').textContent).toBe('Live'));
  });

  it('stops instead of reconnecting when the expired session cannot be renewed', async () => {
    setup(window.sessionStorage, fakeJwt(3600));
    renderApp('/optionsflow');
    await waitFor(() => expect(rows()).toHaveLength(2), { timeout: 15_000 });
    act(() => FakeWebSocket.latest().open());
    // No "Remember me": no refresh token, so an expired token ends the session.
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(-60));
    act(() => FakeWebSocket.latest().drop());
    await waitFor(() => expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull(), { timeout: 10_000 });
    // Neither the feed nor the shell's alerts socket (issue 25) opened again.
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.alertSockets.length).toBeLessThanOrEqual(1);
  });
});
