import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useGlobalTicker } from '../../../lib/global-ticker.tsx';

type Reply = [status: number, body: unknown];
/** Answers one request: the URL's path and its query parameters -> status and JSON body. */
export type ApiHandler = (path: string, params: URLSearchParams) => Reply;

/** Stubs fetch at the network boundary; the real api-client, query client and providers run. */
export function stubFetch(handler: ApiHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const [status, body] = handler(url.pathname, url.searchParams);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** URLs of the calls made to one endpoint, e.g. callsTo(fetchMock, '/api/search_tickers'). */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

function TickerProbe() {
  const [ticker] = useGlobalTicker();
  return <output data-testid="global-ticker">{ticker}</output>;
}

/** Renders `ui` inside the app's providers, with a probe showing the global ticker. */
export function renderWithApp(ui: ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      {ui}
      <TickerProbe />
    </AppProviders>,
  );
}
