import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildOpenApiDocument } from '@tapewatch/shared/api/openapi';
import { routeList } from '@tapewatch/shared/api/routes';
import { renderApp } from '../../test/render-app.tsx';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };

function mockApi() {
  const doc = buildOpenApiDocument('test');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      if (url.pathname === '/api/get_app_info') return Response.json(appInfo);
      if (url.pathname === '/api/openapi.json') return Response.json(doc);
      return new Response('not found', { status: 404 });
    }),
  );
}

describe('Developers page (API reference)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists every route of the served document under its area', async () => {
    mockApi();
    renderApp('/developers');
    await screen.findByTestId('operation-get_short_interest', {}, { timeout: 15_000 });
    for (const r of routeList) expect(screen.getByTestId(`operation-${r.name}`)).toBeTruthy();
    const flow = screen.getByRole('region', { name: 'flow' });
    expect(within(flow).getByText('/api/get_current_options_flow')).toBeTruthy();
  });

  it('opens a route: its parameters with what they take, and a curl that runs its example with a token', async () => {
    mockApi();
    renderApp('/developers');
    const card = await screen.findByTestId('operation-get_options_flow_top_premiums_data', {}, { timeout: 15_000 });
    await userEvent.click(within(card).getByText('/api/get_options_flow_top_premiums_data'));
    const params = await within(card).findByRole('table', { name: 'Parameters of get_options_flow_top_premiums_data' });
    expect(within(params).getByText('lookback')).toBeTruthy();
    const curl = within(card).getByLabelText('curl for get_options_flow_top_premiums_data').textContent!;
    expect(curl).toContain('/api/get_options_flow_top_premiums_data?lookback=100');
    expect(curl).toContain('Authorization: Bearer $TAPEWATCH_KEY');
    // The summary once (in the card's header), then only the auth and cache note.
    const summary = routeList.find((r) => r.name === 'get_options_flow_top_premiums_data')!.summary;
    expect(within(card).getAllByText(summary, { exact: false })).toHaveLength(1);
    expect(within(card).getByText('Needs the basic plan.')).toBeTruthy();
  });

  it('finds routes by path or words and says when nothing matches', async () => {
    mockApi();
    renderApp('/developers');
    await screen.findByTestId('operation-get_short_interest', {}, { timeout: 15_000 });
    await userEvent.type(screen.getByLabelText('Find a route'), 'dark pool');
    expect(screen.getByTestId('operation-get_dark_pool_data')).toBeTruthy();
    expect(screen.queryByTestId('operation-get_short_interest')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Find a route'));
    await userEvent.type(screen.getByLabelText('Find a route'), 'zzzz');
    expect(screen.getByText('No route matches “zzzz”.')).toBeTruthy();
  });

  it('shows the quick start in each language with this site filled in', async () => {
    mockApi();
    renderApp('/developers');
    await screen.findByTestId('operation-get_short_interest', {}, { timeout: 15_000 });
    expect(screen.getByLabelText('curl example').textContent).toContain(
      `${window.location.origin}/api/get_short_interest?top=float`,
    );
    // The intro names the same credential as the quick start: an API key, not the sign-in token (issue 41).
    const intro = screen.getByTestId('developers-intro').textContent!;
    expect(intro).toMatch(/API key, created on your Profile page/);
    expect(intro).not.toMatch(/token/);
    await userEvent.click(screen.getByRole('tab', { name: 'Python' }));
    expect(screen.getByLabelText('Python example').textContent).toContain('Bearer {os.environ');
  });
});
