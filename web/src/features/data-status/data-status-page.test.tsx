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
      since: null,
      error: null,
      last_success_at: null,
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
      since: null,
      error: null,
      last_success_at: '2026-11-27T23:01:00Z',
      screens: ['Dark Pools'],
      unavailable: 'FINRA short-sale volume is not available.',
    },
    {
      source: 'cboe-vix-history',
      name: 'VIX daily closes',
      provider: 'CBOE',
      env_key: null,
      cost: 'free',
      terms: 'Free public CSV.',
      state: 'failing',
      since: '2026-11-26T21:30:00Z',
      error: 'cboe: request failed at https://cdn.cboe.com/VIX_History.csv: fetch failed',
      last_success_at: null,
      screens: ['SPY To VIX'],
      unavailable: 'The CBOE VIX history is not available.',
    },
    {
      source: 'shiller-sp500',
      name: 'Monthly S&P 500 data',
      provider: 'Shiller',
      env_key: null,
      cost: 'free',
      terms: 'Free spreadsheet.',
      state: 'pending',
      since: null,
      error: null,
      last_success_at: null,
      screens: ['S&P 500 Statistics'],
      unavailable: 'The Shiller S&P 500 data is not available.',
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
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('BENZINGA_API_KEY')).toBeTruthy();
    expect(within(rows[0]!).getByText('Key missing')).toBeTruthy();
    expect(within(rows[0]!).getByText('No flow provider configured: set BENZINGA_API_KEY.')).toBeTruthy();
    expect(within(rows[1]!).getByText('Ready')).toBeTruthy();
    expect(within(rows[1]!).queryByText('FINRA short-sale volume is not available.')).toBeNull();
    expect(within(rows[1]!).getByText(/^Last update Nov 27, 2026/)).toBeTruthy();
    // Failing (issue 35): the state in words, since when and why, not a green chip.
    expect(within(rows[2]!).queryByText('Ready')).toBeNull();
    expect(within(rows[2]!).getByText('Failing')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('source-failing').textContent).toMatch(
      /^Failing since Nov 26, 2026, \d+:30 [AP]M: cboe: request failed at https:\/\/cdn\.cboe\.com\/VIX_History\.csv: fetch failed$/,
    );
    // Never run yet: not ready either.
    expect(within(rows[3]!).getByText('No update yet')).toBeTruthy();
    expect(within(rows[3]!).getByText('Waiting for its first successful update.')).toBeTruthy();
    // Each state carries its words and a distinct colour (an icon too), not colour alone.
    const chipClass = (row: HTMLElement, label: string) =>
      within(row).getByText(label).closest('.MuiChip-root')!.className;
    expect(chipClass(rows[1]!, 'Ready')).toMatch(/colorSuccess/);
    expect(chipClass(rows[2]!, 'Failing')).toMatch(/colorError/);
    expect(chipClass(rows[0]!, 'Key missing')).toMatch(/colorError/);
    expect(chipClass(rows[3]!, 'No update yet')).toMatch(/colorWarning/);
    for (const i of [0, 1, 2, 3]) expect(rows[i]!.querySelector('.MuiChip-icon')).not.toBeNull();
    expect(screen.getByTestId('data-mode').textContent).toMatch(/live market data/);
    expect(screen.getByRole('link', { name: 'Data status' }).getAttribute('href')).toBe('/status');
  });
});
