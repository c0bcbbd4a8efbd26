import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChartCard, type ChartTableData } from './chart-card.tsx';
import { imageFileName } from './save-chart-image.ts';

const table: ChartTableData = {
  rowHeader: 'Sector',
  columns: ['1W', '1M'],
  rows: [
    { key: 'XLK', label: 'Information Technology', cells: ['1.25', '-3.40'] },
    { key: 'XLE', label: 'Energy', cells: ['0.10', '2.00'] },
  ],
  testId: 'perf-table',
  rowTestId: 'perf-row',
};

describe('ChartCard', () => {
  beforeEach(() => {
    // The test DOM has no layout: give the plot area a size so the chart is drawn.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 600, 400));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the title as a heading and the chart', () => {
    render(
      <ChartCard title="Performance Heatmap" table={table}>
        {({ width, height }) => <svg data-testid="chart" width={width} height={height} />}
      </ChartCard>,
    );
    expect(screen.getByRole('heading', { name: 'Performance Heatmap' })).toBeTruthy();
    expect(screen.getByTestId('chart').getAttribute('width')).toBe('600');
    expect(screen.getByRole('region', { name: 'Performance Heatmap' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Performance Heatmap as image' })).toBeTruthy();
  });

  it('toggles an accessible data table with the chart numbers', async () => {
    const user = userEvent.setup();
    render(
      <ChartCard title="Performance Heatmap" table={table}>
        {() => <svg />}
      </ChartCard>,
    );
    expect(screen.queryByTestId('perf-table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show data' }));
    const grid = screen.getByRole('table', { name: 'Performance Heatmap data' });
    const rows = within(grid).getAllByTestId('perf-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Information Technology');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1.25', '-3.40']);
    await user.click(screen.getByRole('button', { name: 'Hide data' }));
    expect(screen.queryByTestId('perf-table')).toBeNull();
  });

  it('passes the mobile flag to render-prop children under 850 px', () => {
    window.innerWidth = 500;
    render(
      <ChartCard title="T" table={table}>
        {({ isMobile }) => <span data-testid="flag">{String(isMobile)}</span>}
      </ChartCard>,
    );
    expect(screen.getByTestId('flag').textContent).toBe('true');
    window.innerWidth = 1024;
  });

  it('derives a file name from the title', () => {
    expect(imageFileName('1 Year Returns %')).toBe('1-year-returns.png');
  });
});
