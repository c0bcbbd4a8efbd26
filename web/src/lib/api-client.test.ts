import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { ApiError, apiGet, buildUrl, parseLenientJson } from './api-client.ts';
import { dismissAlert, getAlertState } from './alert-store.ts';
import { TOKEN_STORAGE_KEY } from './auth-token.ts';
import { fakeJwt } from './session-test-utils.ts';

function mockFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('parseLenientJson', () => {
  it('replaces bare NaN and Infinity with null but leaves strings alone', () => {
    expect(parseLenientJson('{"a": NaN, "b": [1, NaN, -Infinity], "c": "NaN here"}')).toEqual({
      a: null,
      b: [1, null, null],
      c: 'NaN here',
    });
  });

  it('parses JSON text wrapped in a JSON string (legacy bodies)', () => {
    expect(parseLenientJson(JSON.stringify('{"short_interest": [1, NaN]}'))).toEqual({ short_interest: [1, null] });
  });

  it('treats an empty body as null and keeps plain strings', () => {
    expect(parseLenientJson('')).toBeNull();
    expect(parseLenientJson('""')).toBe('');
  });
});

describe('isAlertBody', () => {
  it('accepts only bodies that carry alert_show true and a message', () => {
    const yes: unknown[] = [
      { alert_show: true, alert_message: 'x' },
      { alert_show: true, alert_message: 'x', alert_content: 'y' },
    ];
    const no: unknown[] = [
      { alert_show: false, alert_message: 'x' },
      { alert_show: true },
      { alert_message: 'x' },
      'alert_show',
      null,
      [],
    ];
    for (const sample of yes) expect(isAlertBody(sample)).toBe(true);
    for (const sample of no) expect(isAlertBody(sample)).toBe(false);
  });
});

describe('apiGet', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    dismissAlert('close');
  });

  it('builds /api/<name> with the query string', () => {
    expect(buildUrl('get_short_interest', { top: 'float', skip: undefined })).toBe('/api/get_short_interest?top=float');
    expect(buildUrl('get_app_info')).toBe('/api/get_app_info');
  });

  it('parses a body containing NaN', async () => {
    const fetchMock = mockFetch(
      200,
      '{"data_mode":"demo","as_of":"2024-03-08","options_flow":"simulated","version":NaN}',
    );
    const info = await apiGet('get_app_info');
    expect(info).toMatchObject({ data_mode: 'demo', version: null });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/get_app_info');
  });

  it('sends the bearer token from localStorage, else sessionStorage, else none', async () => {
    const fetchMock = mockFetch(200, '{}');
    const authOf = (i: number) => new Headers(fetchMock.mock.calls[i]?.[1]?.headers).get('Authorization');
    await apiGet('get_app_info');
    const sessionJwt = fakeJwt(3600, 'session');
    const localJwt = fakeJwt(3600, 'local');
    window.sessionStorage.setItem(TOKEN_STORAGE_KEY, sessionJwt);
    await apiGet('get_app_info');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, localJwt);
    await apiGet('get_app_info');
    expect([authOf(0), authOf(1), authOf(2)]).toEqual([null, `Bearer ${sessionJwt}`, `Bearer ${localJwt}`]);
  });

  it('shows an alert body from an error response in the dialog, logs and rejects', async () => {
    mockFetch(
      403,
      JSON.stringify({
        alert_show: true,
        alert_message: 'You need to subscribe to access this page.',
        alert_content: 'Plans start at $39.',
      }),
    );
    await expect(apiGet('get_sector_performance_data')).rejects.toBeInstanceOf(ApiError);
    expect(getAlertState()).toMatchObject({
      open: true,
      message: 'You need to subscribe to access this page.',
      content: 'Plans start at $39.',
      buttonLabel: 'Close',
    });
    expect(console.error).toHaveBeenCalled();
  });

  it('shows an alert body from a successful response too', async () => {
    mockFetch(200, JSON.stringify({ alert_show: true, alert_message: 'Saved.' }));
    await apiGet('get_app_info');
    expect(getAlertState()).toMatchObject({ open: true, message: 'Saved.', content: '' });
  });

  it('only logs a failed call without an alert body', async () => {
    mockFetch(500, 'Internal error');
    await expect(apiGet('get_app_info')).rejects.toThrow();
    expect(getAlertState().open).toBe(false);
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('logs network failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(apiGet('get_app_info')).rejects.toThrow('offline');
    expect(console.error).toHaveBeenCalledTimes(1);
  });
});
