import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { EMPTY } from './test/dashboard-fixtures.ts';
import { dashboardApi, flowCalls } from './test/dashboard-harness.ts';

const region = (name: string) => screen.getByRole('region', { name });
/** The Ticker cells of a table's marked rows. */
const markedTickers = (table: string) =>
  Array.from(screen.getByRole('table', { name: table }).querySelectorAll('tr[data-marked="true"]')).map(
    (r) => r.children[1]?.textContent,
  );

describe('Options Flow Dashboard: ticker highlight, gate and empty state', { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
    // The test DOM has no layout: give the chart plots a size so the SVG charts are drawn.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 900, 340));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('the route ticker (uppercased) is outlined in the bubbles, bold in the bar labels and marked in the tables', async () => {
    const fetchMock = dashboardApi();
    renderApp('/optionsflow-dashboard/aapl');
    const line = await screen.findByTestId('dashboard-highlight', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(line.textContent).toBe('Highlighting AAPL: its bubbles are outlined and its rows marked. Clear highlight'),
    );
    // The ticker only highlights: the calls are the same as without it.
    await waitFor(() => expect(flowCalls(fetchMock).every((u) => !u.includes('?'))).toBe(true));
    await screen.findByRole('table', { name: 'High OI LEAPS' });
    const daily = region('Daily Largest Flows').querySelectorAll('circle');
    expect(daily).toHaveLength(3);
    const emphasized = Array.from(daily).filter((c) => c.getAttribute('data-emphasized') === 'true');
    expect(emphasized.map((c) => c.getAttribute('data-category'))).toEqual(['AAPL']);
    expect(region('Weekly Largest Flows').querySelectorAll('circle[data-emphasized]')).toHaveLength(0);
    expect(
      region('Call Premiums vs 20-Day Average')
        .querySelector('g[data-highlighted="true"]')
        ?.getAttribute('data-category'),
    ).toBe('AAPL');
    expect(markedTickers('Most OTM Flows')).toEqual(['AAPL']);
    expect(markedTickers('High OI LEAPS')).toEqual(['AAPL']);
    expect(screen.getByTestId('index-card-SPY').getAttribute('data-highlighted')).toBeNull();
    expect(screen.getByRole('link', { name: 'Clear highlight' }).getAttribute('href')).toBe('/optionsflow-dashboard');
  });

  it('an index ticker highlights its card; hovering a bubble shows its strike, expiration and sentiment', async () => {
    dashboardApi();
    renderApp('/optionsflow-dashboard/SPY');
    const spy = await screen.findByTestId('index-card-SPY', {}, { timeout: 15_000 });
    expect(spy.getAttribute('data-highlighted')).toBe('true');
    expect(screen.getByTestId('index-card-QQQ').getAttribute('data-highlighted')).toBeNull();
    await screen.findByRole('table', { name: 'High OI LEAPS' });
    const tsla = region('Daily Largest Flows').querySelector('circle[data-category="TSLA"]')!;
    fireEvent.mouseEnter(tsla);
    const tip = within(region('Daily Largest Flows')).getByRole('tooltip');
    expect(tip.textContent).toContain('TSLA');
    expect(tip.textContent).toMatch(/Premium\$2,500K/);
    expect(tip.textContent).toMatch(/Call strike200/);
    expect(tip.textContent).toMatch(/Expiration2024-06-21/);
    expect(tip.textContent).toMatch(/SentimentBullish/);
    fireEvent.mouseLeave(tsla);
    expect(within(region('Daily Largest Flows')).queryByRole('tooltip')).toBeNull();
  });

  it('clicking a bubble or a table row highlights its ticker through the route', async () => {
    dashboardApi();
    const { location } = renderApp('/optionsflow-dashboard');
    await screen.findByRole('table', { name: 'High OI LEAPS' }, { timeout: 15_000 });
    fireEvent.click(region('Weekly Largest Flows').querySelector('circle[data-category="NVDA"]')!);
    await waitFor(() => expect(location.pathname).toBe('/optionsflow-dashboard/NVDA'));
    expect((await screen.findByTestId('dashboard-highlight')).textContent).toContain('Highlighting NVDA');
    const msft = within(screen.getByRole('table', { name: 'High OI LEAPS' }))
      .getByText('MSFT')
      .closest('tr')!;
    await userEvent.click(msft);
    await waitFor(() => expect(location.pathname).toBe('/optionsflow-dashboard/MSFT'));
    await waitFor(() => expect(markedTickers('High OI LEAPS')).toEqual(['MSFT']));
  });

  it('a ticker without flow here highlights nothing and says so', async () => {
    dashboardApi();
    renderApp('/optionsflow-dashboard/ZZZZ');
    const line = await screen.findByTestId('dashboard-highlight', {}, { timeout: 15_000 });
    await waitFor(() =>
      expect(line.textContent).toBe('ZZZZ has no flow on this dashboard, so nothing is highlighted. Clear highlight'),
    );
    expect(document.querySelectorAll('[data-marked], [data-emphasized], [data-highlighted="true"]')).toHaveLength(0);
  });

  it('with no flow at all it shows the empty state instead of empty charts', async () => {
    dashboardApi('basic', {
      '/api/get_options_flow_index_metrics_data': [200, EMPTY.metrics],
      '/api/get_options_flow_largest_flow_data': [200, EMPTY.largest],
      '/api/get_options_flow_sector_inflow_data': [200, EMPTY.sectors],
      '/api/get_options_flow_most_otm_data': [200, { date: '', data: [] }],
      '/api/get_options_flow_high_oi_leaps_data': [200, EMPTY.leaps],
      '/api/get_options_flow_daily_over_avg_premiums_data': [200, EMPTY.overAvg],
      '/api/get_options_flow_daily_over_avg_size_data': [200, EMPTY.overAvg],
    });
    renderApp('/optionsflow-dashboard');
    expect(
      await screen.findByText(
        'No options flow yet: the dashboard fills in once the first trades arrive.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Daily Largest Flows' })).toBeNull();
    expect(screen.queryByTestId('dashboard-coverage')).toBeNull();
  });

  it('a free user gets the subscribe alert, loads nothing, and More info opens /subscriptioncards', async () => {
    const fetchMock = dashboardApi('free');
    const { location } = renderApp('/optionsflow-dashboard/AAPL');
    expect(await screen.findByText('You need to subscribe to access this page.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(flowCalls(fetchMock)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'More info' }));
    await waitFor(() => expect(location.pathname).toBe('/subscriptioncards'));
  });

  it('a basic user the server refuses (plan just ended) gets the same alert', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    dashboardApi('basic', {
      '/api/get_options_flow_largest_flow_data': [
        403,
        { alert_show: true, alert_message: 'You need to subscribe to access this page.' },
      ],
    });
    renderApp('/optionsflow-dashboard');
    expect(await screen.findByText('You need to subscribe to access this page.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More info' })).toBeTruthy();
  });
});
