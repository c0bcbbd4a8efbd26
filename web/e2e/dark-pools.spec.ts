import { expect, test, type Locator } from '@playwright/test';
import { darkPoolDataResponse, darkPoolIndividualResponse } from '@tapewatch/shared/schemas/dark-pools';

const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));
const money = (v: number | null) =>
  v === null ? '-' : `${v < 0 ? '-' : ''}$${Math.round(Math.abs(v)).toLocaleString('en-US')}`;

test.describe('Dark Pools', () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test("the main table starts with the API's first row, 15 per page, DP Position $ descending", async ({
    page,
    request,
  }) => {
    const api = darkPoolDataResponse.parse(
      await (await request.get('/api/get_dark_pool_data?top=Dark%20Pools%20Position%20%24&minmax=desc')).json(),
    );
    await page.goto('/darkpools');
    await expect(page.getByRole('heading', { name: 'Dark Pools', level: 1 })).toBeVisible();
    await expect(page.getByTestId('dark-pool-help')).toContainText('data updates at 6pm EST');
    const table = page.getByRole('table', { name: 'Dark pool data of all tickers' });
    const rows = table.getByTestId('data-row');
    await expect(rows).toHaveCount(15);
    const first = api.data[0]!;
    const shown = await cellsOf(rows);
    expect(shown[0]).toEqual([
      first.Ticker,
      first.Date,
      first['Short Volume'].toLocaleString('en-US'),
      `${first['Short Volume %']!.toFixed(2)}%`,
      first['Net Short Volume'].toLocaleString('en-US'),
      money(first['Net Short Volume $']),
      first['Dark Pools Position']!.toLocaleString('en-US'),
      money(first['Dark Pools Position $']),
    ]);
    expect(shown.map((r) => r[0])).toEqual(api.data.slice(0, 15).map((r) => r.Ticker));

    // Paging: page 2 holds rows 16-30.
    await page.getByRole('region', { name: 'All tickers' }).getByRole('button', { name: 'Go to page 2' }).click();
    await expect(rows.first()).toContainText(api.data[15]!.Ticker);
    // Sorting: the first click on Ticker sorts ascending.
    await table.getByRole('button', { name: 'Ticker' }).click();
    const sortedTickers = [...api.data.map((r) => r.Ticker)].sort((a, b) =>
      a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }),
    );
    await expect(rows.first()).toContainText(sortedTickers[0]!);
  });

  test("Min + a button reload the table in the server's order", async ({ page, request }) => {
    const api = darkPoolDataResponse.parse(
      await (await request.get('/api/get_dark_pool_data?top=Short%20Volume%20%25&minmax=asc')).json(),
    );
    await page.goto('/darkpools');
    const rows = page.getByRole('table', { name: 'Dark pool data of all tickers' }).getByTestId('data-row');
    await expect(rows).toHaveCount(15);
    await page.getByRole('radio', { name: 'Min' }).check();
    const reload = page.waitForResponse(
      (r) =>
        r.url().includes('get_dark_pool_data') &&
        r.url().includes('minmax=asc') &&
        r.url().includes('Short+Volume+%25'),
    );
    await page.getByRole('group', { name: 'Order table by' }).getByRole('button', { name: 'Short Volume %' }).click();
    await reload;
    await expect(rows.first()).toContainText(api.data[0]!.Ticker);
    expect((await cellsOf(rows)).map((r) => r[0])).toEqual(api.data.slice(0, 15).map((r) => r.Ticker));
  });

  test("a row click selects the ticker, navigates and charts the API's series", async ({ page, request }) => {
    const table = darkPoolDataResponse.parse(await (await request.get('/api/get_dark_pool_data')).json());
    const ticker = table.data[2]!.Ticker;
    const api = darkPoolIndividualResponse.parse(
      await (await request.get(`/api/get_dark_pool_individual_data?ticker=${ticker}`)).json(),
    );
    await page.goto('/darkpools');
    await page.getByRole('table', { name: 'Dark pool data of all tickers' }).getByTestId('data-row').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/darkpools/${ticker.replace('.', '\\.')}$`));

    const n = api.individual_short_volume.dates.length;
    await expect(page.getByTestId('summary-position')).toHaveText(
      api.individual_dark_pool_position_data.dp_position[n - 1]!.toLocaleString('en-US'),
    );

    const card = page.getByRole('region', { name: 'Price vs Short Volume', exact: true });
    await card.getByRole('button', { name: 'Show data' }).click();
    const dataRows = page.getByTestId('short-volume-data').getByTestId('short-volume-data-row');
    await expect(dataRows).toHaveCount(n);
    const shown = await cellsOf(dataRows.first());
    const fmt = (v: number | null, d = 0) => (v === null ? '-' : v.toFixed(d));
    const i = n - 1;
    expect(shown[0]).toEqual([
      api.individual_short_volume.dates[i],
      fmt(api.prices.prices[i]!, 2),
      fmt(api.individual_short_volume.short_volume[i]!),
      fmt(api.individual_short_volume.total_volume[i]!),
      fmt(api.individual_short_volume.net_volume[i]!),
      fmt(api.individual_dark_pool_position_data.dp_position[i]!),
      fmt(api.individual_dark_pool_position_data.dollar_dp_position[i]!, 2),
    ]);
    // The chart draws one short-volume bar per day.
    await expect(card.locator('[data-layer="Short Volume"] rect')).toHaveCount(n);

    // Per-ticker table: newest date first, 15 per page.
    const perTicker = page.getByRole('table', { name: `${ticker} daily short volume` }).getByTestId('data-row');
    await expect(perTicker).toHaveCount(15);
    await expect(perTicker.first()).toContainText(api.individual_short_volume.dates[n - 1]!);
  });

  test('an unknown ticker shows the alert and no broken chart', async ({ page }) => {
    await page.goto('/darkpools/NOPEX');
    // The suite's first-load wait: at load 10 the page was still loading after 10 s.
    await expect(page.getByRole('dialog')).toContainText('Unknown ticker NOPEX', { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Price vs Short Volume', exact: true })).toHaveCount(0);
  });
});

test('under 1100 px the share-count columns and buttons are hidden', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/darkpools/SPY');
  const table = page.getByRole('table', { name: 'Dark pool data of all tickers' });
  await expect(table.getByTestId('data-row')).toHaveCount(15);
  expect(await table.locator('thead tr').first().locator('th').allTextContents()).toEqual([
    'Ticker',
    'Short Vol. %',
    'Net Short Vol. $',
    'DP Position $',
  ]);
  await expect(page.getByRole('group', { name: 'Order table by' }).getByRole('button')).toHaveCount(3);
});
