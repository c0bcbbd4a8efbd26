import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClustersData } from '@tapewatch/shared/schemas/clusters';
import { renderApp } from '../../test/render-app.tsx';
import { type ApiRoutes, demoAppRoutes, stubApi, tickerQuote, urlsCalled } from '../../test/stub-api.ts';
import fixture from './test/clusters-aapl.fixture.json' with { type: 'json' };

const data = fixture as ClustersData;
/** The quote panel's answer for a ticker. */
const quote = (ticker: string) => tickerQuote({ ticker, c: 170.73, todaysChangePerc: 0.6, company: 'Apple' });

function api(extra: ApiRoutes = {}, ticker = 'AAPL') {
  return stubApi({
    ...demoAppRoutes(),
    '/api/get_ticker_info': [200, quote(ticker)],
    '/api/get_clusters_data': [200, { ...data, ticker }],
    ...extra,
  });
}
const clusterCalls = (f: ReturnType<typeof api>) => urlsCalled(f, 'get_clusters_data');

// Lazy route chunk + MUI on a busy CI box can take a few seconds.
// The first test also loads the lazy route and four charts: allow for a busy shared machine.
describe('Clusters single stock screen', { timeout: 45_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('loads the defaults and shows Cluster Info, the help and the four charts with their numbers', async () => {
    const fetchMock = api();
    renderApp('/clusters/aapl');
    expect(await screen.findByRole('heading', { name: 'Clusters', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByTestId('info-cluster')).toBeTruthy();
    const url = clusterCalls(fetchMock)[0]!;
    for (const part of [
      'ticker=AAPL',
      'nb_clusters=8',
      'length=10',
      'metric=euclidean',
      'iterations=10',
      'features=pcvol',
      'training_window=400',
    ]) {
      expect(url).toContain(part);
    }
    const cur = data.cluster_info.current_cluster;
    expect(screen.getByTestId('info-date').textContent).toBe('2024-03-08');
    expect(screen.getByTestId('info-cluster').textContent).toBe(`Cluster ${cur}`);
    const d20 = data.cluster_info.forward_returns.d20!;
    expect(screen.getByTestId('info-20d').textContent).toBe(`${(d20 * 100).toFixed(2)}%`);
    expect(screen.getByTestId('clusters-help').textContent).toMatch(/z-normalise each window/);
    for (const title of [
      'Price And Predictions',
      'Clusters Daily Returns',
      'Clusters Average Returns plus Count',
      'Forward Returns Boxplots',
    ]) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    }
    // The charts' numbers, via their data tables.
    const user = userEvent.setup();
    for (const button of screen.getAllByRole('button', { name: /show data/i })) await user.click(button);
    const pred = within(screen.getByTestId('predictions-table')).getAllByTestId('predictions-row');
    expect(pred.map((r) => r.children[0]!.textContent)).toEqual([
      'Last close',
      'Latest pattern',
      '1D projection',
      '2D projection',
      '5D projection',
      '10D projection',
      '20D projection',
    ]);
    expect(pred[2]!.children[1]!.textContent).toBe(data.predictions.mark_dates.d1.date);
    expect(pred[2]!.children[2]!.textContent).toBe(data.predictions.mark_dates.d1.close!.toFixed(2));
    expect(within(screen.getByTestId('daily-returns-table')).getAllByTestId('daily-returns-row')).toHaveLength(
      data.clusters_daily_data.length,
    );
    const avg = within(screen.getByTestId('average-returns-table')).getAllByTestId('average-returns-row');
    expect(avg[cur]!.children[1]!.textContent).toBe(String(data.clusters_average_data.clusters_count.counts[cur]));
    expect(avg[cur]!.children[6]!.textContent).toBe(`${(d20 * 100).toFixed(2)}%`);
    expect(within(screen.getByTestId('boxplot-table')).getAllByTestId('boxplot-row')).toHaveLength(8);
    // Issue 23: the help states DTW's band and centres; issue 41: in a trader's terms, without the bench's internals.
    const help = screen.getByTestId('clusters-help').textContent!;
    expect(help).toMatch(/at most 10% of the pattern length/);
    expect(help).toMatch(/Cluster centres are DTW averages/);
    expect(help).toMatch(/a DTW answer may take a moment/);
    expect(help).toMatch(
      /SoftDTW is unavailable because of its computational cost: it would take several seconds per answer/,
    );
    expect(help).not.toMatch(/bench|budget|2-core| ms\b|Sakoe|barycentre/);
  });

  it('reloads when a control changes', async () => {
    const user = userEvent.setup();
    const fetchMock = api({}, 'SPY');
    renderApp('/clusters');
    await screen.findByTestId('info-cluster', {}, { timeout: 15_000 });
    expect(clusterCalls(fetchMock)[0]).toContain('ticker=SPY');
    await user.click(screen.getByRole('combobox', { name: 'Number of clusters' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '5' }));
    await waitFor(() => expect(clusterCalls(fetchMock).some((u) => u.includes('nb_clusters=5'))).toBe(true));
    // The metric selector offers DTW and reloads with it; its helper states the band.
    await user.click(screen.getByRole('combobox', { name: 'Metric' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'DTW' }));
    await waitFor(() =>
      expect(clusterCalls(fetchMock).some((u) => u.includes('metric=dtw') && u.includes('nb_clusters=5'))).toBe(true),
    );
    expect(screen.getByText(/Band: 1 day \(10% of the pattern length\)/)).toBeTruthy();
  });

  it('lists Cluster with the sublinks Single Stock and All in the sidebar', async () => {
    api();
    renderApp('/nowhere');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const group = within(nav).getByRole('group', { name: 'Cluster' });
    expect(within(group).getByRole('link', { name: 'Single Stock' }).getAttribute('href')).toBe('/clusters');
    expect(within(group).getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/clusterstable');
  });
  // Last: the alert it raises stays in the app-wide alert store.
  it('shows the server message when the ticker has too little history', async () => {
    const message =
      'NEWCO has 150 trading days of history; a training window of 400 days needs at least 410. Choose a shorter training window.';
    api({ '/api/get_clusters_data': [400, { alert_show: true, alert_message: message }] });
    renderApp('/clusters/NEWCO');
    const alert = await screen.findByTestId('clusters-error', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain('needs at least 410');
    expect(screen.queryByRole('heading', { name: 'Price And Predictions' })).toBeNull();
  });
});
