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

/** Renders the page with `data` as the map's API answer; the first box's tooltip and the data table's header. */
async function showMap(data: McHeatmapData) {
  mockApi({
    '/api/get_app_info': [200, appInfo],
    '/api/get_sector_performance_data': [200, perf as SectorPerformance],
    '/api/get_mc_heatmap_data': [200, data],
  });
  renderApp('/Sectorperformance');
  const svg = await screen.findByTestId('market-map', {}, { timeout: 15_000 });
  await waitFor(() => expect(svg.querySelectorAll('g[data-ticker]')).toHaveLength(data.data.length));
  const title = svg.querySelector(`g[data-ticker="${data.data[0]!.ticker}"] title`)!.textContent!;
  await userEvent.click(
    screen.getByRole('region', { name: 'Market Map' }).querySelector('button[aria-label="Show data"]')!,
  );
  return { svg, title, header: screen.getByTestId('market-map-table').querySelector('thead')!.textContent! };
}

describe('Market Map on Sector Performance', { timeout: 30_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 900,
      height: 560,
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 900,
      bottom: 560,
      toJSON: () => ({}),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('draws one box per member, labels the market cap an estimate, and tabulates the API rows', async () => {
    const { title, header } = await showMap(mapData);
    expect(screen.getByText(/market cap \(estimate: shares outstanding estimate x close\)/)).toBeTruthy();
    expect(title).toMatch(/market cap \S+ \(estimate\)$/);
    expect(header).toContain('Market Cap (est.)');
    const rows = screen.getByTestId('market-map-table').querySelectorAll('tbody tr');
    expect(rows).toHaveLength(mapData.data.length);
    const first = mapData.data[0]!;
    expect(rows[0]!.textContent).toContain(first.ticker);
    expect(rows[0]!.textContent).toContain(first.change_pct.toFixed(2));
  });

  it('reported (not estimated) caps: no "estimate" in the tooltip, note or table header', async () => {
    const { title, header } = await showMap({ ...mapData, market_cap_is_estimate: false });
    expect(title).toMatch(/market cap \S+$/);
    expect(title).not.toContain('estimate');
    expect(header).toContain('Market Cap');
    expect(header).not.toContain('est.');
    expect(screen.queryByText(/shares outstanding estimate/)).toBeNull();
  });
});
