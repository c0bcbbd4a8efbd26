import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SectorPerformance } from '@tapewatch/shared/schemas/sectors';
import type { McHeatmapData } from '@tapewatch/shared/schemas/sector-rotation';
import { mockApi, renderApp } from '../../../test/render-app.tsx';
import perf from '../test/sector-performance.fixture.json' with { type: 'json' };
import map from '../test/mc-heatmap.fixture.json' with { type: 'json' };

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const mapData = map as McHeatmapData;

describe('Market Map on Sector Performance', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 900, height: 560, x: 0, y: 0, top: 0, left: 0, right: 900, bottom: 560, toJSON: () => ({}) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('draws one box per member, labels the market cap an estimate, and tabulates the API rows', async () => {
    mockApi({
      '/api/get_app_info': [200, appInfo],
      '/api/get_sector_performance_data': [200, perf as SectorPerformance],
      '/api/get_mc_heatmap_data': [200, mapData],
    });
    renderApp('/Sectorperformance');
    expect(await screen.findByRole('heading', { name: 'Market Map', level: 2 }, { timeout: 15_000 })).toBeTruthy();
    const svg = await screen.findByTestId('market-map');
    await waitFor(() => expect(svg.querySelectorAll('g[data-ticker]')).toHaveLength(mapData.data.length));
    expect(screen.getByText(/market cap \(estimate: shares outstanding estimate x close\)/)).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Market Map' });
    await userEvent.click(card.querySelector('button[aria-label="Show data"]')!);
    const rows = screen.getByTestId('market-map-table').querySelectorAll('tbody tr');
    expect(rows).toHaveLength(mapData.data.length);
    const first = mapData.data[0]!;
    expect(rows[0]!.textContent).toContain(first.ticker);
    expect(rows[0]!.textContent).toContain(first.change_pct.toFixed(2));
  });
});
