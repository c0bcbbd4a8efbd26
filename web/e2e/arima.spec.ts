import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectEscapeDismissesLoader } from './support/loader.ts';
import { arimaResponse, type ArimaData } from '@tapewatch/shared/schemas/arima';

const cellsOf = (rows: Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));
const DEFAULTS = 'p=1&d=1&q=1&trend=t&stationarity=1&invertibility=1&offset=1&concentrate=0';

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The forecast table rows as the API's numbers should print. */
const forecastRows = (api: ArimaData) => [
  [api.pred.prices.at(-1)![0], api.pred.prices.at(-1)![1].toFixed(2), '', '', ''],
  ...api.pred.predictions.map((p) => [p.date, '', p.value.toFixed(2), p.lower.toFixed(2), p.upper.toFixed(2)]),
];

test.describe('ARIMA', () => {
  // A cold fit plus a shared 2-core machine: give the screens time.
  test.describe.configure({ timeout: 90_000 });

  test('loads SPY with the defaults; charts, forecast table and summary match the API', async ({ page, request }) => {
    const api = arimaResponse.parse(await (await request.get(`/api/get_ts_arima_data?ticker=SPY&${DEFAULTS}`)).json());
    await page.setViewportSize({ width: 1440, height: 900 });
    const first = page.waitForRequest((r) => r.url().includes('/api/get_ts_arima_data'));
    await page.goto('/arima');
    const url = new URL((await first).url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ticker: 'SPY',
      p: '1',
      d: '1',
      q: '1',
      trend: 't',
      stationarity: '1',
      invertibility: '1',
      offset: '1',
      concentrate: '0',
      cov_type: 'approx',
    });
    await expect(page.getByRole('heading', { name: 'Time Series / ARIMA', level: 1 })).toBeVisible();
    await expect(page.getByTestId('arima-help')).toContainText('last 500 daily closes');

    const pred = page.getByRole('region', { name: 'Price and Predictions' });
    await expect(pred.locator('svg [data-testid="arima-prediction-point"]')).toHaveCount(20, { timeout: 30_000 });
    await expect(pred.locator('svg [data-testid="arima-band"]')).toHaveCount(1);
    await pred.getByRole('button', { name: 'Show data' }).click();
    expect(await cellsOf(page.getByTestId('arima-forecast-row'))).toEqual(forecastRows(api));
    const [image] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save Price and Predictions as image' }).click(),
    ]);
    expect(image.suggestedFilename()).toMatch(/\.png$/);
    for (const title of ['Residual', 'ACF', 'PACF', 'PP Plot', 'QQ Plot'])
      await expect(
        page.getByRole('region', { name: title, exact: true }).locator('svg[role="presentation"]'),
      ).toHaveCount(1);

    const coef = page.getByRole('table', { name: 'ARIMA coefficients' });
    for (const c of api.summary.coefficients)
      await expect(coef.getByRole('row').filter({ hasText: c.name }).first()).toContainText(c.coef!.toFixed(4));
    const stats = page.getByRole('table', { name: 'ARIMA fit statistics' });
    await expect(stats.getByRole('row').filter({ hasText: 'AIC' })).toContainText(
      api.summary.stats.find((s) => s.label === 'AIC')!.value!.toFixed(3),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).last().click(),
    ]);
    expect(download.suggestedFilename()).toBe('SPY-arima-coefficients.csv');
    const tests = page.getByRole('table', { name: 'ARIMA residual diagnostics' });
    const jb = api.summary.diagnostics.find((t) => t.label === 'Jarque-Bera (JB)')!;
    await expect(tests.getByRole('row').filter({ hasText: 'Jarque-Bera (JB)' })).toContainText(
      jb.statistic!.toFixed(2),
    );
    await expect(page.getByTestId('arima-covariance')).toContainText('approx (numerical Hessian)');

    // Issue 41: the summary tables never overlap (they printed "499drift" at 1440 px) nor push the page sideways at 375 px.
    const names = ['ARIMA fit statistics', 'ARIMA residual diagnostics', 'ARIMA coefficients'];
    const layout = () =>
      page.evaluate((tables) => {
        const boxes = tables.map((name) => {
          const table = document.querySelector(`table[aria-label="${name}"]`)!;
          const r = table.getBoundingClientRect();

          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        });
        const overlaps = boxes.flatMap((a, i) =>
          boxes
            .slice(i + 1)
            .filter((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            .map((_, j) => `${tables[i]} / ${tables[i + 1 + j]}`),
        );
        return { overlaps, pageOverflow: document.documentElement.scrollWidth - window.innerWidth };
      }, names);
    expect(await layout()).toEqual({ overlaps: [], pageOverflow: 0 });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(layout).toEqual({ overlaps: [], pageOverflow: 0 });
  });

  test('enforces the trend/d rules; Update reloads with the new parameters', async ({ page, request }) => {
    await page.goto('/arima');
    await expect(page.getByTestId('arima-prediction-point')).toHaveCount(20, { timeout: 30_000 });
    const d = page.getByRole('combobox', { name: 'd (diff)' });
    const trend = page.getByRole('combobox', { name: 'Trend' });
    await choose(page, 'Trend', 'c (constant)');
    await expect(d).toHaveText('0');
    await expect(d).toHaveAttribute('aria-disabled', 'true');
    await choose(page, 'Trend', 'ct (constant + linear)');
    await expect(d).toHaveAttribute('aria-disabled', 'true');
    await choose(page, 'Trend', 't (linear)');
    await expect(d).toHaveText('1');
    await expect(d).not.toHaveAttribute('aria-disabled', 'true');
    await choose(page, 'd (diff)', '2');
    await expect(trend).toHaveText('n (none)');
    await choose(page, 'd (diff)', '1');
    await choose(page, 'p (AR)', '2');
    await choose(page, 'q (MA)', '0');

    const reload = page.waitForRequest(
      (r) =>
        r.url().includes('/api/get_ts_arima_data') &&
        r.url().includes('p=2') &&
        r.url().includes('q=0') &&
        r.url().includes('trend=n'),
    );
    await page.getByTestId('arima-update').click();
    await reload;
    const api = arimaResponse.parse(
      await (
        await request.get(
          '/api/get_ts_arima_data?ticker=SPY&p=2&d=1&q=0&trend=n&stationarity=1&invertibility=1&offset=1&concentrate=0',
        )
      ).json(),
    );
    const pred = page.getByRole('region', { name: 'Price and Predictions' });
    await expect(pred).toContainText('ARIMA(2,1,0)');
    await pred.getByRole('button', { name: 'Show data' }).click();
    await expect.poll(() => cellsOf(page.getByTestId('arima-forecast-row'))).toEqual(forecastRows(api));
    await expect(page.getByRole('table', { name: 'ARIMA coefficients' })).toContainText('ar.L2');
  });

  test('a ticker change reloads with the applied parameters', async ({ page, request }) => {
    await page.goto('/arima');
    await expect(page.getByTestId('arima-prediction-point')).toHaveCount(20, { timeout: 30_000 });
    const reload = page.waitForRequest(
      (r) => r.url().includes('/api/get_ts_arima_data') && r.url().includes('ticker=AAPL'),
    );
    const search = page.getByRole('combobox', { name: 'Search ARIMA ticker' });
    // The plain field the page paints first and the Autocomplete that replaces it on focus look the
    // same: the icon and the text do not move.
    const place = () =>
      search.evaluate((el) => {
        const icon = el.closest('.MuiInputBase-root')!.querySelector('svg')!.getBoundingClientRect();
        const text = el.getBoundingClientRect().x + Number.parseFloat(getComputedStyle(el).paddingLeft);
        return {
          icon: Math.round(icon.x),
          text: Math.round(text),
          autocomplete: !!el.closest('.MuiAutocomplete-root'),
        };
      });
    const plain = await place();
    expect(plain.autocomplete).toBe(false);
    await search.fill('AAPL');
    await expect.poll(place).toEqual({ ...plain, autocomplete: true });
    await page.getByRole('option', { name: /^AAPL - / }).click();
    const url = new URL((await reload).url());
    expect(url.searchParams.get('p')).toBe('1');
    const api = arimaResponse.parse(await (await request.get(`/api/get_ts_arima_data?ticker=AAPL&${DEFAULTS}`)).json());
    const pred = page.getByRole('region', { name: 'Price and Predictions' });
    await expect(pred).toContainText('AAPL: last 500 daily closes');
    await pred.getByRole('button', { name: 'Show data' }).click();
    await expect.poll(() => cellsOf(page.getByTestId('arima-forecast-row'))).toEqual(forecastRows(api));
  });

  test('d = 3 switches the trend to n and fits; the API rejects forbidden combinations', async ({ page, request }) => {
    await page.goto('/arima');
    await expect(page.getByTestId('arima-prediction-point')).toHaveCount(20, { timeout: 30_000 });
    await choose(page, 'd (diff)', '3');
    await expect(page.getByRole('combobox', { name: 'Trend' })).toHaveText('n (none)');
    const reload = page.waitForRequest((r) => r.url().includes('/api/get_ts_arima_data') && r.url().includes('d=3'));
    await page.getByTestId('arima-update').click();
    expect(new URL((await reload).url()).searchParams.get('trend')).toBe('n');
    await expect(page.getByTestId('arima-summary')).toContainText('ARIMA(1,3,1)', { timeout: 30_000 });
    await expect(page.getByTestId('arima-error')).toHaveCount(0);

    for (const [q, msg] of [
      ['trend=c&d=1', "Invalid value for 'd': must be 0 when trend is 'c' (for trends c and ct d must be 0)."],
      ['trend=t&d=2', "Invalid value for 'd': must be 0 or 1 when trend is 't'."],
      ['p=6', "Invalid value for 'p': must be an integer from 0 to 5."],
    ] as const) {
      const res = await request.get(`/api/get_ts_arima_data?ticker=SPY&${q}`);
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({ alert_show: true, alert_message: msg });
    }
  });

  test('Escape dismisses the loader while the model is fitted', async ({ page }) => {
    await expectEscapeDismissesLoader(page, '**/api/get_ts_arima_data?*', '/arima');
    await expect(page.getByTestId('arima-prediction-point')).toHaveCount(20, { timeout: 30_000 });
  });
});
