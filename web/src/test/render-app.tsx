import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { AppRoutes } from '../app/routes.tsx';

/** Routes answered by the mocked fetch: path (without query) -> [status, body]. */
export type MockApi = Record<string, [number, unknown]>;

export function mockApi(responses: MockApi) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.split('?')[0] ?? url;
    const entry = responses[path];
    if (!entry) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(entry[1]), {
      status: entry[0],
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  onChange(useLocation().pathname);
  return null;
}

export function renderApp(path: string) {
  const location = { pathname: path };
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe onChange={(p) => (location.pathname = p)} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, location };
}
