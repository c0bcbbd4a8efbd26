import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app.tsx';
import { DASHBOARD_ROUTES } from './api/dashboard-api.ts';
import { bodyCells, dashboardApi, dataTable, flowCalls } from './test/dashboard-harness.ts';

const card = (ticker: string) => screen.getByTestId(`index-card-${ticker}`);
const figure = (ticker: string, label: string) =>
  within(card(ticker)).getByText((_, el) => el?.getAttribute('data-label') === label).textContent;

async function showData(region: string) {
  await userEvent.click(
    within(screen.getByRole('region', { name: region })).getByRole('button', { name: 'Show data' }),
  );
}

describe('Options Flow Dashboard screen', { timeout: 60_000 }, () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('loads the eight calls once and names the day and week it covers', async () => {
    const fetchMock = dashboardApi();
    renderApp('/optionsflow-dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Options Flow Dashboard', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect((await screen.findByTestId('dashboard-coverage')).textContent).toBe(
      'Flow of 2024-03-08; week 2024-03-04 to 2024-03-08',
    );
    await waitFor(() => expect(flowCalls(fetchMock).map((u) => u.replace('/api/', ''))).toEqual([...DASHBOARD_ROUTES]));
    expect(screen.queryByTestId('dashboard-highlight')).toBeNull();
    expect(screen.getByTestId('dashboard-help').textContent).toContain('/optionsflow-dashboard/TICKER');
  });

  it('index cards: price, change coloured by direction, and the day\u2019s premiums and trades', async () => {
    dashboardApi();
    renderApp('/optionsflow-dashboard');
    await screen.findByTestId('index-card-SPY', {}, { timeout: 15_000 });
    expect(within(card('SPY')).getByTestId('index-price').textContent).toBe('512.34');
    expect(within(card('SPY')).getByTestId('index-change').textContent).toBe('+1.25 (+0.24%)');
    expect(within(card('SPY')).getByTestId('index-change').getAttribute('data-trend')).toBe('positive');
    expect(within(card('QQQ')).getByTestId('index-change').getAttribute('data-trend')).toBe('negative');
    expect(within(card('IWM')).getByTestId('index-change').getAttribute('data-trend')).toBe('neutral');
    expect(card('SPY').textContent).toContain('Price at the latest SPY option trade');
    expect(card('QQQ').textContent).toContain('Latest dividend-adjusted daily close');
    expect(['Call premiums', 'Put premiums', 'Call trades', 'Put trades'].map((l) => figure('SPY', l))).toEqual([
      '$12,346K',
      '$9,876K',
      '1,234',
      '987',
    ]);
    expect(figure('QQQ', 'Put premiums')).toBe('$1,200K');
  });

  it('charts show their numbers: largest flows, sector inflow (signed net), premiums and volume against the average', async () => {
    dashboardApi();
    renderApp('/optionsflow-dashboard');
    await screen.findByRole('region', { name: 'Daily Largest Flows' }, { timeout: 15_000 });
    await showData('Daily Largest Flows');
    expect(dataTable('largest-daily-data')).toEqual([
      ['TSLA', '$2,500K', 'CALL', '200', '2024-06-21', 'Bullish'],
      ['AAPL', '$900K', 'PUT', '170', '2024-04-19', 'Bearish'],
      ['TSLA', '$625K', 'PUT', '180', '2024-03-15', 'Neutral'],
    ]);
    await showData('Weekly Largest Flows');
    expect(dataTable('largest-weekly-data').map((r) => r[0])).toEqual(['NVDA', 'TSLA']);
    expect(screen.getByRole('region', { name: 'Weekly Largest Flows' }).textContent).toContain(
      'the week 2024-03-04 to 2024-03-08',
    );
    await showData('Daily Sector Inflow');
    expect(dataTable('sector-daily-data')).toEqual([
      ['Information Technology', '$3,000K', '$1,000K', '$2,000K'],
      ['Energy', '$100K', '$400K', '-$300K'],
    ]);
    await showData('Weekly Sector Inflow');
    expect(dataTable('sector-weekly-data')).toEqual([['Financials', '$5,000K', '$1,000K', '$4,000K']]);
    await showData('Call Premiums vs 20-Day Average');
    expect(dataTable('over-avg-premiums-calls-data')).toEqual([
      ['AMD', '$800K', '$100K', '\u00d78.0'],
      ['AAPL', '$300K', '$50K', '\u00d76.0'],
    ]);
    await showData('Put Premiums vs 20-Day Average');
    expect(dataTable('over-avg-premiums-puts-data')).toEqual([['XOM', '$200K', '$40K', '\u00d75.0']]);
    await showData('Call Volume vs 20-Day Average');
    expect(dataTable('over-avg-volume-calls-data')).toEqual([['PLTR', '15,000', '1,234', '\u00d712.2']]);
    const putVolume = screen.getByRole('region', { name: 'Put Volume vs 20-Day Average' });
    expect(putVolume.textContent).toContain('No ticker has enough flow history to compare yet.');
    expect(screen.getByRole('region', { name: 'Call Volume vs 20-Day Average' }).textContent).toContain(
      'the days with flow from 2024-02-08 to 2024-03-07',
    );
  });

  it('Most OTM Flows: sorted by OTM By in pages of 12, sortable, with a CSV button', async () => {
    dashboardApi();
    renderApp('/optionsflow-dashboard');
    const table = await screen.findByRole('table', { name: 'Most OTM Flows' }, { timeout: 15_000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Time',
      'Ticker',
      'C/P',
      'Strike ($)',
      'DTE',
      'Fill',
      'Price',
      'Size',
      'Type',
      'OI',
      'Volume',
      'Vol/OI',
      'Score',
      'Premium',
      'OTM By',
    ]);
    const tickers = () => bodyCells(screen.getByRole('table', { name: 'Most OTM Flows' })).map((r) => r[1]);
    expect(tickers()).toHaveLength(12);
    expect(tickers()[0]).toBe('T13');
    expect(bodyCells(table)[0]!.slice(-2)).toEqual(['$140K', '59%']);
    const section = screen.getByRole('region', { name: 'Most OTM Flows' });
    expect(within(section).getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Go to page 2' }));
    expect(tickers()).toEqual(['T01', 'T00']);
    // Premium sorts ascending on the first click; the reader stays on page 2.
    await userEvent.click(within(table).getByRole('button', { name: /Premium/ }));
    expect(tickers()).toEqual(['T12', 'T13']);
    await userEvent.click(within(section).getByRole('button', { name: 'Go to page 1' }));
    expect(tickers().slice(0, 2)).toEqual(['T00', 'T01']);
  });

  it('High OI LEAPS: highest open interest first; OI and DTE shown even on a phone, where Date and Time give way', async () => {
    window.innerWidth = 375;
    dashboardApi();
    renderApp('/optionsflow-dashboard');
    const table = await screen.findByRole('table', { name: 'High OI LEAPS' }, { timeout: 15_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ticker', 'C/P', 'Strike ($)', 'DTE', 'OI', 'Premium']);
    expect(bodyCells(table)).toEqual([
      ['AAPL', 'Put', '500', '650', '9,000', '$80K'],
      ['MSFT', 'Call', '500', '400', '5,000', '$120K'],
    ]);
    expect(screen.getByRole('region', { name: 'High OI LEAPS' }).textContent).toContain(
      'The trades of 2024-03-08 in options a year or more from expiry',
    );
  });
});
