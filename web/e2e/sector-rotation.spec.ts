import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { FACTOR_LABELS, sectorRotationResponse } from '@tapewatch/shared/schemas/sector-rotation';
import { expectEscapeDismissesLoader } from './support/loader.ts';

const load = async (request: APIRequestContext, query = '') =>
  sectorRotationResponse.parse(await (await request.get(`/api/get_sector_rotation_data${query}`)).json());
const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));

test.describe('Sector Rotation', () => {
  test('the sidebar opens the chart: one point per API row, quadrant labels, reference lines at 100', async ({
    page,
    request,
  }) => {
    const api = await load(request, '?index=sp500&lookback=12&factor=rate_of_change');
    await page.goto('/Sectorperformance');
    await page.getByRole('link', { name: 'Sector Rotation' }).first().click();
    await expect(page).toHaveURL(/\/Sectorrotation$/);
    const chart = page.getByTestId('quadrant-chart');
    await expect(chart.locator('circle[data-ticker]')).toHaveCount(api.main_data.length);
    for (const q of ['Leading', 'Weakening', 'Lagging', 'Improving'])
      await expect(chart.getByTestId(`quadrant-${q}`)).toHaveText(q);
    await expect(chart.getByTestId('ref-x-100')).toBeAttached();
    // A point's tooltip carries the API numbers of its ticker.
    const row = api.main_data[0]!;
    await expect(chart.locator(`circle[data-ticker="${row.ticker}"] title`)).toHaveText(
      new RegExp(
        `^${row.ticker} .*relative strength ${row.relative_strength.toFixed(2)}, Relative Momentum ${row.rate_of_change!.toFixed(2)}, ${row.position}$`,
      ),
    );
    expect(api.main_data.length).toBeGreaterThan(400);
  });

  test('index, factor and lookback changes reload with the new parameters', async ({ page, request }) => {
    await page.goto('/SectorRotation'); // the case variant of the route
    const chart = page.getByTestId('quadrant-chart');
    await expect(chart.locator('circle[data-ticker]').first()).toBeAttached();

    const nasdaq = await load(request, '?index=nasdaq100&lookback=12&factor=rate_of_change');
    let reload = page.waitForRequest((r) => r.url().includes('index=nasdaq100'));
    await page.getByLabel('Index', { exact: true }).selectOption('nasdaq100');
    await reload;
    await expect(chart.locator('circle[data-ticker]')).toHaveCount(nasdaq.main_data.length);
    await expect(page.getByText(`vs ${nasdaq.benchmark}`, { exact: false })).toBeVisible();

    const momentum = await load(request, '?index=nasdaq100&lookback=26&factor=momentum');
    reload = page.waitForRequest((r) => r.url().includes('factor=momentum'));
    await page.getByLabel('Factor', { exact: true }).selectOption('momentum');
    await reload;
    reload = page.waitForRequest((r) => r.url().includes('lookback=26') && r.url().includes('factor=momentum'));
    await page.getByLabel('Lookback', { exact: true }).selectOption('26');
    await reload;
    await expect(page.getByRole('heading', { name: `Relative Strength vs ${FACTOR_LABELS.momentum}` })).toBeVisible();
    const first = momentum.main_data[0]!;
    await expect(chart.locator(`circle[data-ticker="${first.ticker}"] title`)).toContainText(
      `Price Momentum ${first.momentum!.toFixed(2)}`,
    );
  });

  test('Sectors tab: the sector frequency table is the API counts, Leading descending', async ({ page, request }) => {
    const api = await load(request);
    await page.goto('/Sectorrotation');
    const table = page.getByRole('region', { name: 'Sector Frequency', exact: true });
    const rows = await (async () => {
      // The page's first data: 20 s as the suite's other first loads (a loaded 2-core runner took over 10 s).
      await expect(table.getByTestId('data-row')).toHaveCount(api.sector_freq_data.length, { timeout: 20_000 });
      return cellsOf(table.getByTestId('data-row'));
    })();
    const leading = rows.map((r) => Number(r[4]));
    expect(leading).toEqual([...api.sector_freq_data.map((r) => r.Leading)].sort((a, b) => b - a));
    for (const r of rows) {
      const want = api.sector_freq_data.find((s) => s.sector === r[0])!;
      expect(r.slice(1).map(Number)).toEqual([want.Lagging, want.Improving, want.Weakening, want.Leading]);
    }
  });

  test('All tab: tickers ascending 20 per page, search, a row click draws its tail, CSV', async ({ page, request }) => {
    const api = await load(request);
    await page.goto('/Sectorrotation');
    await page.getByRole('tab', { name: 'All' }).click();
    const table = page.getByRole('table', { name: 'All tickers' });
    const tickers = api.main_data.map((r) => r.ticker).sort((a, b) => a.localeCompare(b));
    await expect(table.getByTestId('data-row')).toHaveCount(20);
    expect((await cellsOf(table.getByTestId('data-row'))).map((r) => r[0])).toEqual(tickers.slice(0, 20));

    await page.getByLabel('Search ticker, name, sector or position').fill('MSFT');
    const msft = api.main_data.find((r) => r.ticker === 'MSFT')!;
    await expect(table.getByTestId('data-row')).toHaveCount(1);
    expect((await cellsOf(table.getByTestId('data-row')))[0]).toEqual(
      expect.arrayContaining([
        'MSFT',
        msft.position,
        msft.relative_strength.toFixed(2),
        msft.rate_of_change!.toFixed(2),
      ]),
    );
    await table.getByTestId('data-row').first().click();
    await expect(page.getByTestId('tail-MSFT').locator('circle')).toHaveCount(msft.tail.length - 1);
    await expect(page.getByTestId('selected-tails')).toHaveText('Tails: MSFT');
    await table.getByTestId('data-row').first().click();
    await expect(page.getByTestId('tail-MSFT')).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).last().click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sector-rotation-sp500-12w-rate_of_change-${api.as_of}.csv`);
    const lines = (await (await download.createReadStream()).toArray()).join('').trim().split(/\r\n/);
    expect(lines[0]).toBe('Ticker,Sector,Position,Relative Strength,Relative Momentum');
    expect(lines[1]!.startsWith('MSFT,')).toBe(true);
  });
});

test('Escape dismisses the loader while the rotation data loads', async ({ page }) => {
  await expectEscapeDismissesLoader(page, '**/api/get_sector_rotation_data?*', '/Sectorrotation');
});
