import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { useGlobalTicker } from '../../../lib/global-ticker.tsx';
import type { FetchMock } from '../../../test/stub-api.ts';

export { type ApiHandler, stubFetch } from '../../../test/stub-api.ts';

/** URLs of the calls made to one endpoint, e.g. callsTo(fetchMock, '/api/search_tickers'). */
export function callsTo(fetchMock: FetchMock, path: string): URL[] {
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
    // The quote panel and search results link other pages: the app always renders them in its router.
    <MemoryRouter>
      <AppProviders queryClient={createQueryClient()}>
        {ui}
        <TickerProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}
