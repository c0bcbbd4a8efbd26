import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClustersData, ClustersTable } from '@tapewatch/shared/schemas/clusters';
import { mockApi, renderApp } from '../../test/render-app.tsx';
import fixture from './test/clusters-aapl.fixture.json' with { type: 'json' };
import tableFixture from './test/table.fixture.json' with { type: 'json' };

const table = tableFixture as ClustersTable;
const predictions = (fixture as ClustersData).predictions;
const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const rowsOf = () => within(screen.getByRole('table', { name: 'Clusters forward returns' })).getAllByTestId('data-row');
const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);
const byD20 = (rows: ClustersTable['all']) =>
  [...rows].sort((a, b) => (b['20d_forward_return'] ?? -9) - (a['20d_forward_return'] ?? -9));

describe('Clusters all stocks screen', { timeout: 20_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('shows 20 rows sorted by 20D descending, charts the top row, and a row click selects its ticker', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      '/api/get_app_info': [200, appInfo],
      '/api/get_clusters_table_data': [200, table],
      '/api/get_clusters_prediction_data': [200, predictions],
    });
    renderApp('/clusterstable');
    expect(
      await screen.findByRole('heading', { name: 'Clusters: All Stocks', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    const rows = await waitFor(() => rowsOf());
    expect(rows).toHaveLength(20);
    const sorted = byD20(table.all);
    expect(cells(rows[0]!)[0]).toBe(sorted[0]!.ticker);
    expect(within(rows[0]!).getByTestId(`star-${sorted[0]!.ticker}`)).toBeTruthy();
    expect(cells(rows[0]!)[7]).toBe(`${(sorted[0]!['20d_forward_return']! * 100).toFixed(2)}%`);
    const predCalls = () =>
      fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('get_clusters_prediction_data'));
    await waitFor(() => expect(predCalls()[0]).toContain(`ticker=${sorted[0]!.ticker}`));
    expect(predCalls()[0]).toContain(`d20=${sorted[0]!['20d_forward_return']}`);
    expect(await screen.findByRole('heading', { name: `Price And Predictions: ${sorted[0]!.ticker}` })).toBeTruthy();

    await user.click(rows[2]!);
    await waitFor(() => expect(predCalls().some((u) => u.includes(`ticker=${sorted[2]!.ticker}`))).toBe(true));
    expect(await screen.findByRole('heading', { name: `Price And Predictions: ${sorted[2]!.ticker}` })).toBeTruthy();

    // Dataset buttons switch the rows.
    await user.click(screen.getByRole('button', { name: 'NASDAQ 100' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(table.nasdaq100.length));
    expect(cells(rowsOf()[0]!)[0]).toBe(byD20(table.nasdaq100)[0]!.ticker);
    expect(screen.getByRole('button', { name: /Download CSV/i })).toBeTruthy();
  });
});
