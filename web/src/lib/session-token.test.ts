import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet, renewSession } from './api-client.ts';
import { dismissAlert } from './alert-store.ts';
import {
  clearToken,
  getTokenVersion,
  isTokenExpired,
  readRefreshToken,
  readToken,
  REFRESH_STORAGE_KEY,
  saveToken,
  subscribeToken,
  TOKEN_STORAGE_KEY,
  tokenExpiry,
} from './session-token.ts';
import { fakeJwt } from './session-test-utils.ts';

type Handler = (url: string, init: RequestInit) => [number, unknown];

function stubFetch(handler: Handler) {
  const calls: Array<{ url: string; auth: string | null; body: string | null }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url,
        auth: new Headers(init.headers).get('Authorization'),
        body: (init.body as string | null) ?? null,
      });
      const [status, body] = handler(url, init);
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return calls;
}

describe('session token storage', () => {
  it('keeps the token in localStorage with a refresh token only with Remember me', () => {
    saveToken({ token: 'a.b.c', refreshToken: 'refresh-1', remember: true });
    expect([
      localStorage.getItem(TOKEN_STORAGE_KEY),
      localStorage.getItem(REFRESH_STORAGE_KEY),
      sessionStorage.getItem(TOKEN_STORAGE_KEY),
    ]).toEqual(['a.b.c', 'refresh-1', null]);
    saveToken({ token: 'd.e.f', refreshToken: 'refresh-2', remember: false });
    expect([
      localStorage.getItem(TOKEN_STORAGE_KEY),
      readRefreshToken(),
      sessionStorage.getItem(TOKEN_STORAGE_KEY),
    ]).toEqual([null, null, 'd.e.f']);
    expect(readToken()).toBe('d.e.f');
    clearToken();
    expect([readToken(), readRefreshToken()]).toEqual([null, null]);
  });

  it('follows a login or logout in another tab (storage event on the token keys only)', () => {
    let calls = 0;
    const off = subscribeToken(() => (calls += 1));
    const before = getTokenVersion();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'tapewatch_color_mode' }));
    off();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_STORAGE_KEY }));
    expect([calls, getTokenVersion() - before]).toEqual([1, 1]);
  });

  it('reads the exp claim; a token is valid only while exp lies in the future', () => {
    const now = Date.UTC(2026, 0, 1);
    const token = fakeJwt(0);
    const exp = tokenExpiry(token)!;
    expect(exp).toBeGreaterThan(1_700_000_000);
    expect(isTokenExpired(token, exp * 1000 - 60_000)).toBe(false);
    expect(isTokenExpired(token, exp * 1000 + 1)).toBe(true);
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('x.eyJzdWIiOiJ1In0.y', now)).toBe(true); // no exp claim
  });
});

describe('session restore and expiry in the API client', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    dismissAlert('close');
  });

  it('deletes an expired sessionStorage token and calls without it', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(-60));
    const calls = stubFetch(() => [200, {}]);
    await apiGet('get_app_info');
    expect(calls.map((c) => [c.url, c.auth])).toEqual([['/api/get_app_info', null]]);
    expect(readToken()).toBeNull();
  });

  it('renews an expired remembered token once through POST /api/refresh_token, then sends the new one', async () => {
    const fresh = fakeJwt(3600, 'fresh');
    saveToken({ token: fakeJwt(-60), refreshToken: 'refresh-1', remember: true });
    const calls = stubFetch((url) => (url === '/api/refresh_token' ? [200, { token: fresh }] : [200, {}]));
    await Promise.all([apiGet('get_app_info'), apiGet('get_data_status')]);
    expect(calls.filter((c) => c.url === '/api/refresh_token').map((c) => JSON.parse(c.body!))).toEqual([
      { refresh_token: 'refresh-1' },
    ]);
    expect(calls.filter((c) => c.url !== '/api/refresh_token').map((c) => c.auth)).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  });

  it('ends the session when the refresh token is refused', async () => {
    saveToken({ token: fakeJwt(-60), refreshToken: 'revoked', remember: true });
    stubFetch((url) =>
      url === '/api/refresh_token' ? [401, { alert_show: true, alert_message: 'Please log in again.' }] : [200, {}],
    );
    expect(await renewSession()).toBeNull();
    expect([readToken(), readRefreshToken()]).toEqual([null, null]);
  });

  it('deletes a token the server answers 401 to, and does not retry without a refresh token', async () => {
    const token = fakeJwt(3600);
    saveToken({ token, remember: false });
    const calls = stubFetch(() => [401, { alert_show: true, alert_message: 'You are not logged in.' }]);
    await expect(apiGet('get_app_info')).rejects.toThrow();
    expect(calls.map((c) => c.auth)).toEqual([`Bearer ${token}`]);
    expect(readToken()).toBeNull();
  });

  it('on a 401 with a remembered session, renews and retries the call once', async () => {
    const old = fakeJwt(3600, 'old');
    const fresh = fakeJwt(3600, 'fresh');
    saveToken({ token: old, refreshToken: 'refresh-1', remember: true });
    const calls = stubFetch((url, init) =>
      url === '/api/refresh_token'
        ? [200, { token: fresh }]
        : new Headers(init.headers).get('Authorization') === `Bearer ${old}`
          ? [401, {}]
          : [200, { ok: 1 }],
    );
    await expect(apiGet('get_app_info')).resolves.toEqual({ ok: 1 });
    expect(calls.map((c) => [c.url, c.auth])).toEqual([
      ['/api/get_app_info', `Bearer ${old}`],
      ['/api/refresh_token', null],
      ['/api/get_app_info', `Bearer ${fresh}`],
    ]);
  });

  it('keeps the session when the refresh call fails on the network', async () => {
    saveToken({ token: fakeJwt(-60), refreshToken: 'refresh-1', remember: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await renewSession()).toBeNull();
    expect(readRefreshToken()).toBe('refresh-1');
  });
});
