import type { BodyOf, GetRouteName, PostRouteName, QueryOf, ResponseOf } from '@tapewatch/shared/api/routes';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { showAlert } from './alert-store.ts';
import { clearToken, isTokenExpired, readRefreshToken, readToken, replaceToken } from './session-token.ts';

// Type-only imports from the route table keep zod out of the browser bundle.
export type { GetRouteName, PostRouteName };

export class ApiError extends Error {
  constructor(
    readonly route: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${route} failed with status ${status}`);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | null | undefined;

export function buildUrl(name: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return `/api/${name}${qs ? `?${qs}` : ''}`;
}

/**
 * The original API sent strings containing NaN, sometimes JSON text wrapped in a JSON string.
 * Bare NaN tokens outside string literals become null; a string that itself holds JSON is parsed.
 */
export function parseLenientJson(text: string): unknown {
  if (text.trim() === '') return null;
  const value: unknown = JSON.parse(replaceNaN(text));
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(replaceNaN(value));
    } catch {
      return value;
    }
  }
  return value;
}

function replaceNaN(text: string): string {
  // Skip over string literals so a ticker or message containing "NaN" is left untouched.
  return text.replace(/"(?:[^"\\]|\\.)*"|-?\bNaN\b|-?\bInfinity\b/g, (m) => (m.startsWith('"') ? m : 'null'));
}

let renewing: Promise<string | null> | null = null;

/**
 * Renews the access token with the "Remember me" refresh token (one request however many calls
 * wait). Without a refresh token, or when the server refuses it, the session is over: the stored
 * token is deleted. A network failure keeps the session (the next call tries again).
 */
export function renewSession(): Promise<string | null> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) {
    clearToken();
    return Promise.resolve(null);
  }
  renewing ??= (async () => {
    try {
      const response = await fetch(buildUrl('refresh_token'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ refresh_token: refreshToken }),
      });
      const body = parseLenientJson(await response.text());
      const token =
        response.ok && typeof body === 'object' && body !== null ? (body as Record<string, unknown>).token : null;
      if (typeof token === 'string' && token) {
        replaceToken(token);
        return token;
      }
      clearToken();
      return null;
    } catch (error) {
      console.error('[api] refresh_token', error);
      return null;
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}

/** The token to send: an expired one is renewed first, or deleted when it cannot be. */
async function currentToken(): Promise<string | null> {
  const token = readToken();
  if (!token || !isTokenExpired(token)) return token;
  return renewSession();
}

async function send(init: RequestInit, url: string, token: string | null): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(url, { ...init, headers });
}

async function request(name: string, init: RequestInit, url: string): Promise<unknown> {
  let response: Response;
  let body: unknown;
  try {
    let token = await currentToken();
    response = await send(init, url, token);
    if (response.status === 401 && token) {
      // The server no longer accepts the token (revoked, denylisted, signed out elsewhere).
      if (readRefreshToken()) token = await renewSession();
      else {
        clearToken();
        token = null;
      }
      if (token) response = await send(init, url, token);
    }
    body = parseLenientJson(await response.text());
  } catch (error) {
    // Spec: failed data calls are only logged, the user sees no message. A request the page
    // cancelled itself (it left, or asked again with new parameters) did not fail.
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.error(`[api] ${name}`, error);
    throw error;
  }
  // Any body carrying an alert is shown as received, whatever the status.
  if (isAlertBody(body)) {
    showAlert({ message: body.alert_message, content: body.alert_content, actionText: alertActionOf(body) });
  }
  if (!response.ok) {
    const error = new ApiError(name, response.status, body);
    console.error(`[api] ${name}`, error);
    throw error;
  }
  return body;
}

/** An optional action link the server attaches to an alert (e.g. "Resend confirmation"). */
function alertActionOf(body: object): string | undefined {
  const action = (body as Record<string, unknown>).alert_action;
  return typeof action === 'string' && action ? action : undefined;
}

export function apiGet<N extends GetRouteName>(
  name: N,
  query?: QueryOf<N>,
  init?: { signal?: AbortSignal },
): Promise<ResponseOf<N>> {
  const url = buildUrl(name, query as Record<string, QueryValue> | undefined);
  return request(name, { method: 'GET', signal: init?.signal ?? null }, url) as Promise<ResponseOf<N>>;
}

export function apiPost<N extends PostRouteName>(
  name: N,
  body: BodyOf<N>,
  init?: { signal?: AbortSignal },
): Promise<ResponseOf<N>> {
  return request(
    name,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      signal: init?.signal ?? null,
    },
    buildUrl(name),
  ) as Promise<ResponseOf<N>>;
}
