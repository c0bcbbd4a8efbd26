import type { BodyOf, GetRouteName, PostRouteName, QueryOf, ResponseOf } from '@tapewatch/shared/api/routes';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { showAlert } from './alert-store.ts';
import { getStoredToken } from './auth-token.ts';

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


async function request(name: string, init: RequestInit, url: string): Promise<unknown> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { ...init, headers });
    body = parseLenientJson(await response.text());
  } catch (error) {
    // Spec: failed data calls are only logged, the user sees no message.
    console.error(`[api] ${name}`, error);
    throw error;
  }
  // Any body carrying an alert is shown as received, whatever the status.
  if (isAlertBody(body)) {
    showAlert({ message: body.alert_message, content: body.alert_content });
  }
  if (!response.ok) {
    const error = new ApiError(name, response.status, body);
    console.error(`[api] ${name}`, error);
    throw error;
  }
  return body;
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
