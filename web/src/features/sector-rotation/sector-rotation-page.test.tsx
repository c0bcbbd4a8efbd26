import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import type { SectorRotationData } from './api/get-sector-rotation-data.ts';
import fixture from './test/rotation-sp500-12.fixture.json' with { type: 'json' };

const data = fixture as SectorRotationData;
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByTestId('data-row');
const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);
const rotationCalls = (f: ReturnType<typeof mockApi>) =>
  f.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('get_sector_rotation_data'));

describe('Sector Rotation screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    // The test DOM has no layout: give the chart card a size so the SVG renders.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 900,
      height: 500,
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 900,
      bottom: 500,
      toJSON: () => ({}),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('loads the defaults and draws the quadrant chart with its labels, reference lines and points', async () => {
    const fetchMock = mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_rotation_data': [200, data] });
    renderApp('/SectorRotation');
    expect(await screen.findByRole('heading', { name: 'Sector Rotation', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByTestId('rotation-help').textContent).toMatch(
      /Relative strength = 100 x RS \/ mean\(RS over the last L weeks\)/,
    );
    const chart = await screen.findByTestId('quadrant-chart');
    for (const q of ['Leading', 'Weakening', 'Lagging', 'Improving'])
      expect(within(chart).getByTestId(`quadrant-${q}`).textContent).toBe(q);
    expect(within(chart).getByTestId('ref-x-100')).toBeTruthy();
    expect(chart.querySelectorAll('circle[data-ticker]')).toHaveLength(data.main_data.length);
    const first = rotationCalls(fetchMock)[0]!;
    expect(first).toContain('index=sp500');
    expect(first).toContain('lookback=12');
    expect(first).toContain('factor=rate_of_change');
  });

  it('shows the four Sectors tables sorted by Leading descending', async () => {
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_rotation_data': [200, data] });
    renderApp('/Sectorrotation');
    const rows = await waitFor(() => rowsOf('Sector Frequency'), { timeout: 15_000 });
    const best = [...data.sector_freq_data].sort((a, b) => b.Leading - a.Leading)[0]!;
    expect(cells(rows[0]!)).toEqual([
      best.sector,
      String(best.Lagging),
      String(best.Improving),
      String(best.Weakening),
      String(best.Leading),
    ]);
    expect(rowsOf('Super Sector %')[0]!.textContent).toContain('%');
    for (const t of ['Super Sector %', 'Super Sector Frequency', 'Sector %'])
      expect(screen.getByRole('table', { name: t })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /CSV/i }).length).toBeGreaterThanOrEqual(4);
  });

  it('All tab: 20 per page by ticker, search, and a row click draws a tail', async () => {
    mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_rotation_data': [200, data] });
    renderApp('/Sectorrotation');
    await userEvent.click(await screen.findByRole('tab', { name: 'All' }, { timeout: 15_000 }));
    const rows = rowsOf('All tickers');
    expect(rows).toHaveLength(20);
    const sorted = data.main_data
      .map((r) => r.ticker)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
    expect(cells(rows[0]!)[0]).toBe(sorted[0]);
    expect(within(rows[0]!).getByTestId(`star-${sorted[0]}`)).toBeTruthy();
    const a = data.main_data.find((r) => r.ticker === sorted[0])!;
    expect(cells(rows[0]!).slice(2)).toEqual([
      a.position,
      a.relative_strength.toFixed(2),
      a.rate_of_change!.toFixed(2),
    ]);
    await userEvent.click(rows[0]!);
    expect(await screen.findByTestId(`tail-${sorted[0]}`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search ticker, name, sector or position'), { target: { value: 'AAPL' } });
    await waitFor(() => expect(rowsOf('All tickers')).toHaveLength(1));
  });

  it('reloads on a factor, index or lookback change; colour changes only recolour', async () => {
    const fetchMock = mockApi({ '/api/get_app_info': [200, appInfo], '/api/get_sector_rotation_data': [200, data] });
    renderApp('/Sectorrotation');
    await screen.findByTestId('quadrant-chart', undefined, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Factor'), { target: { value: 'momentum' } });
    await waitFor(() => expect(rotationCalls(fetchMock).at(-1)).toContain('factor=momentum'));
    fireEvent.change(screen.getByLabelText('Lookback'), { target: { value: '26' } });
    await waitFor(() => expect(rotationCalls(fetchMock).at(-1)).toContain('lookback=26'));
    fireEvent.change(screen.getByLabelText('Index'), { target: { value: 'nasdaq100' } });
    await waitFor(() => expect(rotationCalls(fetchMock).at(-1)).toContain('index=nasdaq100'));
    const calls = rotationCalls(fetchMock).length;
    fireEvent.change(screen.getByLabelText('Color'), { target: { value: 'super_sector' } });
    await waitFor(() => expect(screen.getByTestId('rotation-legend').textContent).toBe('CyclicalSensitiveDefensive'));
    expect(rotationCalls(fetchMock)).toHaveLength(calls);
  });
});
