import type { z } from 'zod';
import type { GetRouteName, PostRouteName, QueryOf, Routes } from '@tapewatch/shared/api/routes';

/** An answer of the runtime: the status, the raw text and its JSON (parsed on first read). */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  /** Bearer token; null sends none. Unset: the client's default token. */
  token?: string | null;
  headers?: Record<string, string>;
}

export type BodyInput<N extends PostRouteName> = z.input<Routes[N]['body']>;
type QueryValue = string | number | boolean | null | undefined;
export type RawQuery = Record<string, QueryValue> | string;

/** Query string as the web sends it: keys in the given order, each value percent-encoded (a space is %20, never +). */
export function queryString(query: RawQuery = {}): string {
  if (typeof query === 'string') return query;
  return Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

/**
 * A client of a running runtime typed from the route table: a route's name and query or body
 * shape are checked by the compiler. `getUnchecked`/`postUnchecked` send what a route must
 * refuse (unknown parameters, wrong types), so that a test of a 400 says so where it is written.
 */
export function apiClient(baseUrl: string | (() => string), defaults: { token?: string | null } = {}) {
  const base = typeof baseUrl === 'function' ? baseUrl : () => baseUrl;
  const call = async (
    method: 'GET' | 'POST',
    name: string,
    query: RawQuery | undefined,
    body: unknown,
    opts: CallOptions = {},
  ): Promise<ApiAnswer> => {
    const token = opts.token === undefined ? defaults.token : opts.token;
    const qs = queryString(query);
    const res = await fetch(`${base()}/api/${name}${qs ? `?${qs}` : ''}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...opts.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | undefined;
    return {
      status: res.status,
      text,
      headers: res.headers,
      get body() {
        return (parsed ??= JSON.parse(text) as Record<string, unknown>);
      },
    };
  };
  return {
    get: <N extends GetRouteName>(name: N, query?: QueryOf<N>, opts?: CallOptions) =>
      call('GET', name, query as RawQuery, undefined, opts),
    post: <N extends PostRouteName>(name: N, body?: BodyInput<N>, opts?: CallOptions) =>
      call('POST', name, undefined, body, opts),
    getUnchecked: (name: GetRouteName, query?: RawQuery, opts?: CallOptions) =>
      call('GET', name, query, undefined, opts),
    postUnchecked: (name: PostRouteName, body?: unknown, opts?: CallOptions & { query?: RawQuery }) =>
      call('POST', name, opts?.query, body, opts),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
