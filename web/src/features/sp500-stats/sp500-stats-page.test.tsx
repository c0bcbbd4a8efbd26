import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SP500_NO_DATA_MESSAGE, type Sp500RatiosResponse } from '@tapewatch/shared/schemas/sp500';
import { renderApp } from '../../test/render-app.tsx';

const appInfo = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
const base = { source: 'Shiller', as_of: '2024-03-08' };

// Values of the bundled Shiller file: P / E for April-June 2023 and D / P for the Januaries 2022-2023.
const pe: Sp500RatiosResponse = {
  ...base,
  dataset: 'sp500_pe_ratio_month',
  label: 'S&P 500 PE Ratio by Month',
  unit: 'ratio',
  dates: ['2023-04-01', '2023-05-01', '2023-06-01'],
  data: [23.2628, 23.1413, 23.9851],
  change: [null, -0.1215, 0.8438],
  change_pct: [null, -0.5223, 3.6463],
  stats: [
    { key: 'Current', value: 23.9851 },
    { key: 'Current date', value: '2023-06-01' },
    { key: 'Maximum date', value: '2023-04-01' },
    { key: 'Observations', value: 3 },
  ],
};
const divYield: Sp500RatiosResponse = {
  ...base,
  dataset: 'sp500_div_yield_year',
  label: 'S&P 500 Dividend Yield by Year',
  unit: 'percent',
  dates: ['2022-01-01', '2023-01-01'],
  data: [1.3323, 1.7005],
  change: [null, 0.3682],
  change_pct: [null, 27.6364],
  stats: [{ key: 'Current', value: 1.7005 }],
};
const bvps: Sp500RatiosResponse = {
  ...base,
  source: '',
  dataset: 'sp500_bvps_quarter',
  label: 'S&P 500 Book Value per Share by Quarter',
  unit: 'usd',
  dates: [],
  data: [],
  change: [],
  change_pct: [],
  stats: [],
  no_data_message: SP500_NO_DATA_MESSAGE,
};

function mockSp500Api() {
  const byDataset: Record<string, Sp500RatiosResponse> = {
    sp500_pe_ratio_month: pe,
    sp500_div_yield_year: divYield,
    sp500_bvps_quarter: bvps,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    if (url.pathname === '/api/get_app_info') return Response.json(appInfo);
    if (url.pathname === '/api/get_sp500_ratios_data')
      return Response.json(byDataset[url.searchParams.get('dataset') ?? ''] ?? {}, { status: 200 });
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const cells = (row: HTMLElement) => Array.from(row.children).map((c) => c.textContent);
const datasetRequests = (m: ReturnType<typeof mockSp500Api>) =>
  m.mock.calls
    .map((c) => String(c[0]))
    .filter((u) => u.includes('get_sp500_ratios_data'))
    .map((u) => new URL(u, 'http://x').searchParams.get('dataset'));

describe('S&P 500 Statistics screen', () => {
  beforeEach(() => {
    window.innerWidth = 1440;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.innerWidth = 1024;
  });

  it('loads the PE ratio by month by default and shows its table newest first and its statistics', async () => {
    const fetchMock = mockSp500Api();
    renderApp('/sp500stats');
    const table = await screen.findByRole('table', { name: 'S&P 500 PE Ratio by Month' }, { timeout: 15_000 });
    expect(datasetRequests(fetchMock)).toEqual(['sp500_pe_ratio_month']);
    const rows = within(table).getAllByTestId('data-row');
    expect(rows.map(cells)).toEqual([
      ['Jun 2023', '23.99', '+0.84', '+3.65%'],
      ['May 2023', '23.14', '-0.12', '-0.52%'],
      ['Apr 2023', '23.26', '', ''],
    ]);
    const stats = within(screen.getByTestId('sp500-stats'))
      .getAllByTestId('sp500-stat')
      .map((s) => s.textContent);
    expect(stats).toEqual([
      'Latest available23.99',
      'Latest available (month)Jun 2023',
      'Maximum dateApr 2023',
      'Observations3',
    ]);
    expect(screen.getByText(/cyclically adjusted PE/)).toBeTruthy();
  });

  it('switching the dataset requests it and shows its values; unsupported families show the no-source message', async () => {
    const fetchMock = mockSp500Api();
    const user = userEvent.setup();
    renderApp('/sp500stats');
    await screen.findByRole('table', { name: 'S&P 500 PE Ratio by Month' }, { timeout: 15_000 });
    await user.click(within(screen.getByTestId('sp500-dataset')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'S&P 500 Dividend Yield by Year' }));
    const table = await screen.findByRole('table', { name: 'S&P 500 Dividend Yield by Year' });
    expect(within(table).getAllByTestId('data-row').map(cells)).toEqual([
      ['2023', '1.70%', '+0.37%', '+27.64%'],
      ['2022', '1.33%', '', ''],
    ]);
    // The chart itself needs a measured size (checked in the e2e spec); its card is titled by the dataset.
    expect(screen.getByRole('heading', { name: 'S&P 500 Dividend Yield by Year', level: 2 })).toBeTruthy();

    await user.click(within(screen.getByTestId('sp500-dataset')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'S&P 500 Book Value per Share by Quarter' }));
    expect((await screen.findByTestId('sp500-no-data')).textContent).toBe('No data source configured for this dataset');
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    expect(datasetRequests(fetchMock)).toEqual(['sp500_pe_ratio_month', 'sp500_div_yield_year', 'sp500_bvps_quarter']);
  });
});
