import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DataStatus } from './api/get-data-status.ts';
import { renderApp } from '../../test/render-app.tsx';

const appInfo = { data_mode: 'live', as_of: null, options_flow: 'live', version: '1' };
const status: DataStatus = {
  data_mode: 'live',
  sources: [
    {
      source: 'benzinga-options-activity',
      name: 'Options flow',
      provider: 'Benzinga',
      env_key: 'BENZINGA_API_KEY',
      cost: 'paid',
      terms: 'Paid licence only.',
      state: 'missing_key',
      screens: ['Options Flow'],
      unavailable: 'No flow provider configured: set BENZINGA_API_KEY.',
    },
    {
      source: 'finra-short-volume',
      name: 'Daily short-sale volume',
      provider: 'FINRA',
      env_key: null,
      cost: 'free',
      terms: 'Free public files.',
      state: 'ready',
      screens: ['Dark Pools'],
      unavailable: 'FINRA short-sale volume is not available.',
    },
  ],
  datasets: [],
  jobs: [],
};

describe('Data status page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is linked from the footer and lists each source with its key, state and what its screens say without it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
        if (path === '/api/get_app_info') return Response.json(appInfo);
        if (path === '/api/get_data_status') return Response.json(status);
        return new Response('not found', { status: 404 });
      }),
    );
    renderApp('/status');
    const rows = await screen.findAllByTestId('data-source', undefined, { timeout: 15_000 });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('BENZINGA_API_KEY')).toBeTruthy();
    expect(within(rows[0]!).getByText('Key missing')).toBeTruthy();
    expect(within(rows[0]!).getByText('No flow provider configured: set BENZINGA_API_KEY.')).toBeTruthy();
    expect(within(rows[1]!).getByText('Ready')).toBeTruthy();
    expect(within(rows[1]!).queryByText('FINRA short-sale volume is not available.')).toBeNull();
    expect(screen.getByTestId('data-mode').textContent).toMatch(/live market data/);
    expect(screen.getByRole('link', { name: 'Data status' }).getAttribute('href')).toBe('/status');
  });
});
