import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { AppRoutes } from '../app/routes.tsx';
import { type Reply, stubApi } from './stub-api.ts';

/** Routes answered by the mocked fetch: path (without query) -> [status, body]. */
export type MockApi = Record<string, Reply>;

/** Fixed answers by path (stub-api.ts's stubApi; unknown paths are a 404). */
export function mockApi(responses: MockApi) {
  return stubApi(responses);
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
