import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import { SECTOR_ETFS } from '@tapewatch/shared/constants';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import fixture from './test/sector-performance.fixture.json' with { type: 'json' };

const payload = fixture as SectorPerformance;
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };

describe('Sector Performance screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('renders the titles, the note and every chart card', async () => {
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_performance_data': [200, payload] });
    renderApp('/SectorPerformance');
    expect(
      await screen.findByRole('heading', { name: 'Sector Performance', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    for (const title of [
      '1 Year Returns %',
      'Performance Heatmap',
      'Seasonality Heatmap',
      '1 Week Performance',
      '1 Month Performance',
      'Year-to-date Performance',
      '1 Year Performance',
    ]) {
      expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeTruthy();
    }
    expect(screen.getByText(/11 sector ETFs/)).toBeTruthy();
    expect(screen.getByText(/except Real Estate \(2015\) and Communication Services \(2018\)/)).toBeTruthy();
  });

  it('lists the 11 sectors and the API heatmap values in the performance data table', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_performance_data': [200, payload] });
    renderApp('/Sectorperformance');
    const card = await screen.findByRole('region', { name: 'Performance Heatmap' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Show data' }));
    const rows = within(screen.getByTestId('performance-table')).getAllByTestId('performance-row');
    expect(rows).toHaveLength(11);
    const names = rows.map((r) => r.firstElementChild?.textContent);
    expect(new Set(names)).toEqual(new Set(SECTOR_ETFS.map((s) => s.sector)));
    const { x, y, returns_data } = payload.heatmap_data;
    for (const [xi, yi, value] of returns_data) {
      const row = rows.find((r) => r.firstElementChild?.textContent === y[yi]);
      const cells = Array.from(row!.children)
        .slice(1)
        .map((c) => c.textContent);
      expect(cells).toHaveLength(x.length);
      expect(cells[xi]).toBe(value === null ? '-' : value.toFixed(2));
    }
  });

  it('tabulates a bar chart and the seasonality "since" per sector', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_performance_data': [200, payload] });
    renderApp('/Sectorperformance');
    const week = await screen.findByRole('region', { name: '1 Week Performance' }, { timeout: 15_000 });
    await user.click(within(week).getByRole('button', { name: 'Show data' }));
    const weekTable = within(week).getByRole('table', { name: '1 Week Performance data' });
    const first = within(weekTable).getAllByRole('row')[1]!;
    const bar = payload.bar_data.chg_1w;
    expect(first.textContent).toBe(`${bar.index[0]}${((bar.positive[0] ?? 0) + (bar.negative[0] ?? 0)).toFixed(2)}`);

    const seasonality = screen.getByRole('region', { name: 'Seasonality Heatmap' });
    await user.click(within(seasonality).getByRole('button', { name: 'Show data' }));
    const realEstate = within(seasonality).getByRole('rowheader', { name: 'Real Estate' }).closest('tr')!;
    expect(realEstate.lastElementChild?.textContent).toBe('Nov 2015');
    expect(within(seasonality).getByText(/Communication Services from Jul 2018/)).toBeTruthy();
  });

  it('only logs a failed load and shows no chart', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_performance_data': [500, { message: 'boom' }] });
    renderApp('/Sectorperformance');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Performance Heatmap' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
