import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  indShortInterestInfoResponse,
  indShortInterestResponse,
  NASDAQ_ONLY_MESSAGE,
  shortInterestResponse,
} from '@tapewatch/shared/schemas/short-interest';
import { tickerPricesResponse } from '@tapewatch/shared/schemas/tickers';

const table = async (request: APIRequestContext, top: string) =>
  shortInterestResponse.parse(await (await request.get(`/api/get_short_interest?top=${top}`)).json()).data;

const rowCells = (page: Page) =>
  page
    .getByRole('table', { name: 'Short interest by ticker' })
    .getByTestId('data-row')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));

const fmtInt = (n: number | null) => (n === null ? '-' : n.toLocaleString('en-US'));
const fmt2 = (n: number | null) =>
  n === null ? '-' : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test.describe('Short Interest', () => {
  test('the table shows the API rows by %Float Short, 20 per page, with the NASDAQ-only text', async ({
    page,
    request,
  }) => {
    const api = await table(request, 'float');
    expect(api.length).toBeGreaterThan(20);
    await page.goto('/shortinterest');
    await expect(page.getByRole('heading', { name: 'Short Interest', level: 1 })).toBeVisible();
    await expect(page.getByText('Short interest is only available for NASDAQ stocks and ETFs.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Short Data: AAPL' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Short interest by ticker' }).getByTestId('data-row')).toHaveCount(20);
    const rows = await rowCells(page);
    const r = api[0]!;
    expect(rows[0]).toEqual([
      r.Ticker,
      r.Date,
      fmtInt(r['Short Interest']),
      fmtInt(r['Average Volume']),
      fmt2(r['Days To Cover']),
      `${fmt2(r['%Float Short'])}%`,
    ]);
    expect(rows.map((c) => c[0])).toEqual(api.slice(0, 20).map((x) => x.Ticker));
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    expect((await rowCells(page)).map((c) => c[0])).toEqual(api.slice(20, 40).map((x) => x.Ticker));
  });

  test('Select max reloads the table in that order; a header sorts ascending first', async ({ page, request }) => {
    const days = await table(request, 'days');
    const short = await table(request, 'short');
    await page.goto('/shortinterest');
    await expect(page.getByRole('table', { name: 'Short interest by ticker' }).getByTestId('data-row')).toHaveCount(20);
    await page.getByRole('button', { name: 'Select max Days To Cover' }).click();
    await expect.poll(async () => (await rowCells(page))[0]?.[0]).toBe(days[0]!.Ticker);
    expect((await rowCells(page)).map((c) => c[4])).toEqual(days.slice(0, 20).map((x) => fmt2(x['Days To Cover'])));
    await page.getByRole('button', { name: 'Select max Short Interest' }).click();
    await expect.poll(async () => (await rowCells(page))[0]?.[0]).toBe(short[0]!.Ticker);
    await page
      .getByRole('table', { name: 'Short interest by ticker' })
      .getByRole('button', { name: /^Ticker/ })
      .click();
    const tickers = short
      .map((x) => x.Ticker)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }));
    expect((await rowCells(page)).map((c) => c[0])).toEqual(tickers.slice(0, 20));
  });

  test('a row click selects the ticker and the chart shows its API series', async ({ page, request }) => {
    const api = await table(request, 'float');
    const pick = api[2]!.Ticker;
    await page.goto('/shortinterest');
    await page.getByRole('table', { name: 'Short interest by ticker' }).getByTestId('data-row').nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/shortinterest/${pick}$`));
    await expect(page.getByRole('heading', { name: `Short Data: ${pick}` })).toBeVisible();

    const info = indShortInterestInfoResponse.parse(
      await (await request.get(`/api/get_ind_short_interest_info?ticker=${pick}`)).json(),
    );
    await expect(page.getByTestId('short-data-Short Interest')).toHaveText(fmtInt(info['Short Interest']));
    await expect(page.getByTestId('short-data-%Float Short')).toHaveText(
      info['%Float Short'] === null ? 'Unavailable' : `${fmt2(info['%Float Short'])}%`,
    );

    const series = indShortInterestResponse.parse(
      await (await request.get(`/api/get_ind_short_interest?ticker=${pick}`)).json(),
    ).short_interest;
    const prices = tickerPricesResponse.parse(
      await (await request.get(`/api/get_ticker_prices?ticker=${pick}&window=252&closed=true`)).json(),
    );
    const expected = series
      .filter((p) => p.date >= prices.dates[0]!)
      .map((p) => {
        const i = prices.dates.findLastIndex((d) => d <= p.date);
        return [p.date, prices.prices[i]!.toFixed(2), fmtInt(p.short_interest)];
      });
    expect(expected.length).toBeGreaterThan(15);
    const card = page.getByRole('region', { name: 'Price vs Short Interest' });
    await expect(card.locator('svg circle[data-point="Short Interest"]')).toHaveCount(expected.length);
    await card.getByRole('button', { name: 'Show data' }).click();
    const shown = await page
      .getByTestId('si-chart-table')
      .getByTestId('si-chart-row')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));
    expect(shown).toEqual(expected);
  });

  test('Download CSV exports every row in the table order with raw values', async ({ page, request }) => {
    const api = await table(request, 'float');
    await page.goto('/shortinterest');
    await expect(page.getByRole('table', { name: 'Short interest by ticker' }).getByTestId('data-row')).toHaveCount(20);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`short-interest-${api[0]!.Date}-float.csv`);
    const lines = (await (await download.createReadStream()).toArray()).join('').trim().split(/\r\n/);
    expect(lines[0]).toBe('Ticker,Date,Short Interest,Average Volume,Days To Cover,%Float Short');
    expect(lines).toHaveLength(api.length + 1);
    const r = api[0]!;
    expect(lines[1]).toBe(
      [r.Ticker, r.Date, r['Short Interest'], r['Average Volume'], r['Days To Cover'], r['%Float Short']]
        .map((v) => v ?? '')
        .join(','),
    );
  });

  test('on a phone the table keeps Ticker, Short Interest and %Float Short without sideways scrolling', async ({
    page,
    request,
  }) => {
    const api = await table(request, 'float');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/shortinterest');
    const grid = page.getByRole('table', { name: 'Short interest by ticker' });
    await expect(grid.getByTestId('data-row')).toHaveCount(20);
    expect(await rowCells(page).then((rows) => rows[0])).toEqual([
      api[0]!.Ticker,
      fmtInt(api[0]!['Short Interest']),
      `${fmt2(api[0]!['%Float Short'])}%`,
    ]);
    const overflow = await grid.evaluate(
      (t) => t.getBoundingClientRect().width - t.parentElement!.getBoundingClientRect().width,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });

  test('a ticker outside NASDAQ shows the NASDAQ-only message', async ({ page }) => {
    await page.goto('/shortinterest/SPY');
    // The page's first data: 20 s as the suite's other first loads (a loaded 2-core runner took over 10 s).
    await expect(page.getByTestId('short-data-empty')).toHaveText(NASDAQ_ONLY_MESSAGE, { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Price vs Short Interest' })).toHaveCount(0);
  });
});
