import type { TickerInfo } from '@tapewatch/shared/schemas/tickers';
import { type Mock, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../lib/auth-token.ts';
import { fakeJwt } from '../lib/session-test-utils.ts';

/** An answer: HTTP status and JSON body. */
export type Reply = [status: number, body: unknown];
/** Answers one request from its URL path and query parameters. */
export type ApiHandler = (path: string, params: URLSearchParams) => Reply;
/** Routes by path (without the query): a fixed answer, or one computed from the query parameters. */
export type ApiRoutes = Record<string, Reply | ((params: URLSearchParams) => Reply)>;

export type FetchMock = Mock<(input: RequestInfo | URL) => Promise<Response>>;

const json = ([status, body]: Reply): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch at the network boundary with `answer`; the real api-client, query client and providers run. */
function stubWith(answer: (url: URL) => Response): FetchMock {
  const fetchMock: FetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return answer(new URL(raw, 'http://localhost'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Stubs fetch with one handler for every request. */
export function stubFetch(handler: ApiHandler): FetchMock {
  return stubWith((url) => json(handler(url.pathname, url.searchParams)));
}

/** Stubs fetch with answers by path; any other path is a plain-text 404, as a server without the route answers. */
export function stubApi(routes: ApiRoutes): FetchMock {
  return stubWith((url) => {
    const answer = routes[url.pathname];
    if (!answer) return new Response('not found', { status: 404 });
    return json(typeof answer === 'function' ? answer(url.searchParams) : answer);
  });
}

/** The URLs fetched so far that contain `fragment` (a route name or part of one), in call order. */
export function urlsCalled(fetchMock: FetchMock, fragment: string): string[] {
  return fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes(fragment));
}

/** get_app_info of the demo deployment. */
export const DEMO_APP_INFO = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };

/** The demo app info route: every screen asks for it. */
export const demoAppRoutes = (): ApiRoutes => ({ '/api/get_app_info': [200, DEMO_APP_INFO] });

/**
 * A signed-in user of the given plan: a session token in storage, and get_user_info answering with
 * the plan (a subscriber route's gate reads both).
 */
export function signedInRoutes(subscription = 'basic'): ApiRoutes {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, fakeJwt(3600));
  return { '/api/get_user_info': [200, { username: 'subscriber1', email: 's@example.com', subscription }] };
}

/** A get_ticker_info answer: small placeholder figures unless given. */
export function tickerQuote(
  overrides: Partial<TickerInfo> & { ticker: string },
): Omit<TickerInfo, 'close_basis'> & Partial<TickerInfo> {
  return {
    as_of: '2024-03-08',
    c: 100,
    todaysChange: 1,
    todaysChangePerc: 0.2,
    v: 1,
    avg_volume: 1,
    l: 1,
    h: 2,
    '52_week_low': 1,
    '52_week_high': 2,
    company: 'Co',
    sector: '',
    industry: '',
    ...overrides,
  };
}
