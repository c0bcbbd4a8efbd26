import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { sp500RatiosResponse, type Sp500RatiosResponse } from '@tapewatch/shared/schemas/sp500';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const num = (v: number) => Math.abs(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '-' : '');
const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));

/** The table row the screen should print for observation i of a ratio dataset (newest first). */
function expectedRow(api: Sp500RatiosResponse, i: number): string[] {
  const d = api.dates[i]!;
  const date = api.dataset.endsWith('_year') ? d.slice(0, 4) : `${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
  const change = api.change[i];
  const pct = api.change_pct[i];
  return [
    date,
    num(api.data[i]!),
    change === null || change === undefined ? '' : `${sign(change)}${num(change)}`,
    pct === null || pct === undefined ? '' : `${sign(pct)}${num(pct)}%`,
  ];
}

async function apiOf(page: Page, dataset: string) {
  return sp500RatiosResponse.parse(
    await (await page.request.get(`/api/get_sp500_ratios_data?dataset=${dataset}`)).json(),
  );
}

async function choose(page: Page, label: string, dataset: string) {
  const request = page.waitForRequest((r) => r.url().includes(`/api/get_sp500_ratios_data?dataset=${dataset}`));
  await page.getByRole('combobox', { name: 'Dataset' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await request;
}

test.describe('S&P 500 Statistics', () => {
  test('the default PE by month shows the API values in the chart, statistics and table', async ({ page }) => {
    const api = await apiOf(page, 'sp500_pe_ratio_month');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/sp500stats');
    await expect(page.getByRole('combobox', { name: 'Dataset' })).toHaveText('S&P 500 PE Ratio by Month');
    const n = api.dates.length;
    await expect(page.getByTestId('sp500-chart')).toHaveAttribute('data-points', String(n));

    const stats = page.getByTestId('sp500-stat');
    await expect(stats).toHaveCount(api.stats.length);
    await expect(stats.filter({ hasText: 'Latest available (month)' })).toHaveText('Latest available (month)Jun 2023');
    await expect(stats.filter({ hasText: /^Latest available\d/ })).toHaveText(
      `Latest available${num(api.data[n - 1]!)}`,
    );
    const max = api.stats.find((s) => s.key === 'Maximum')!.value as number;
    await expect(stats.filter({ hasText: /^Maximum\d/ })).toHaveText(`Maximum${num(max)}`);

    const rows = page.getByRole('table', { name: 'S&P 500 PE Ratio by Month' }).getByTestId('data-row');
    await expect(rows).toHaveCount(20);
    expect(await cellsOf(rows)).toEqual(Array.from({ length: 20 }, (_, k) => expectedRow(api, n - 1 - k)));
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    expect((await cellsOf(rows))[0]).toEqual(expectedRow(api, n - 21));

    // The chart's own data table holds the same values.
    const chart = page.getByRole('region', { name: 'S&P 500 PE Ratio by Month' });
    await chart.getByRole('button', { name: 'Show data' }).click();
    await expect(chart.getByTestId('sp500-chart-row')).toHaveCount(n);
  });

  test('switching the dataset reloads; its table, statistics and CSV follow; unsupported families say so', async ({
    page,
  }) => {
    const api = await apiOf(page, 'sp500_shiller_pe_ratio_year');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/sp500stats');
    await expect(page.getByTestId('sp500-chart')).toBeVisible();
    await choose(page, 'S&P 500 Shiller PE Ratio by Year', 'sp500_shiller_pe_ratio_year');
    const n = api.dates.length;
    await expect(page.getByTestId('sp500-chart')).toHaveAttribute('data-points', String(n));
    const rows = page.getByRole('table', { name: 'S&P 500 Shiller PE Ratio by Year' }).getByTestId('data-row');
    expect((await cellsOf(rows)).slice(0, 3)).toEqual([
      expectedRow(api, n - 1),
      expectedRow(api, n - 2),
      expectedRow(api, n - 3),
    ]);
    // The Januaries of Shiller's CAPE: 2000 is its best-known reading (43.77).
    await page.getByRole('columnheader', { name: 'Value' }).getByRole('button').click();
    await page.getByRole('columnheader', { name: 'Value' }).getByRole('button').click();
    expect((await cellsOf(rows))[0]).toEqual(expectedRow(api, api.dates.indexOf('2000-01-01')));
    await expect(page.getByTestId('sp500-stat').filter({ hasText: 'Observations' })).toHaveText(`Observations${n}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sp500_shiller_pe_ratio_year.csv');

    await choose(page, 'S&P 500 Price to Sales Ratio by Quarter', 'sp500_psr_quarter');
    await expect(page.getByTestId('sp500-no-data')).toHaveText('No data source configured for this dataset');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByTestId('sp500-chart')).toHaveCount(0);
  });

  test('Escape dismisses the loader while a dataset is requested', async ({ page }) => {
    await expectEscapeDismissesLoader(page, '**/api/get_sp500_ratios_data*', '/sp500stats');
    await expect(page.getByTestId('sp500-chart')).toBeVisible();
  });

  test('an unknown dataset is a 400 alert naming it', async ({ request }) => {
    const res = await request.get('/api/get_sp500_ratios_data?dataset=sp500_pe_ratio_week');
    expect(res.status()).toBe(400);
    expect(await res.json()).toEqual({
      alert_show: true,
      alert_message: "Invalid value for 'dataset': unknown dataset 'sp500_pe_ratio_week'.",
    });
  });
});
