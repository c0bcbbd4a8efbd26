import { expect, test } from '@playwright/test';
import {
  factorAnalysisData,
  type FactorAnalysisData,
  type FactorStatisticsRow,
  type PastSignalRow,
} from '@tapewatch/shared/schemas/factor-analysis';

const cellsOf = (rows: import('@playwright/test').Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));
const isFactorRequest = (url: string, factor: string, timeframe: string) =>
  url.includes('/api/get_factor_analysis_data') &&
  url.includes(`factor=${factor}`) &&
  url.includes(`timeframe=${timeframe}`);

async function api(request: import('@playwright/test').APIRequestContext, query: string): Promise<FactorAnalysisData> {
  return factorAnalysisData.parse(await (await request.get(`/api/get_factor_analysis_data?${query}`)).json());
}

test.describe('Factor Analysis single stock', () => {
  test('deep link shows the API numbers: last signal, statistics, past signals with paging', async ({
    page,
    request,
  }) => {
    const d = await api(request, 'ticker=AAPL&factor=momentum&timeframe=daily');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/factor-analysis/momentum/daily/aapl');
    await expect(page.getByRole('heading', { name: 'Factor Analysis', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Factor', exact: true })).toHaveText('Momentum');
    await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();

    const last = d.last_signal_data;
    if ('date' in last) {
      await expect(page.getByTestId('last-signal')).toContainText(`on ${last.date}: expected return`);
      await expect(page.getByTestId('last-signal')).toContainText(`over ${last.period} days`);
      await expect(page.getByTestId('last-signal')).toContainText(
        `record on that date: ${last.record_profitable_pct.toFixed(1)}% of ${last.record_trades} trades profitable`,
      );
    } else {
      await expect(page.getByTestId('last-signal')).toContainText('do not meet quality requirements.');
    }

    const stats = JSON.parse(d.factor_statistics_data) as FactorStatisticsRow[];
    const rows = await cellsOf(page.getByTestId('statistics-table').locator('tbody tr'));
    expect(rows[0]).toEqual(['Count', ...d.horizons.map((h) => String(stats[0]![`fwd_ret_${h}`]))]);
    expect(rows[1]).toEqual(['Mean %', ...d.horizons.map((h) => (stats[1]![`fwd_ret_${h}`] as number).toFixed(2))]);

    const past = JSON.parse(d.past_signals_data) as PastSignalRow[];
    expect(past.length).toBeGreaterThan(20);
    const table = page.getByRole('table', { name: 'Past signals' });
    await expect(table.getByTestId('data-row')).toHaveCount(20);
    const first = (await cellsOf(table.getByTestId('data-row')))[0]!;
    expect(first[0]).toBe(past[0]!.date);
    // Date, Close, walk-forward Period and Trade %, then the in-sample horizons.
    expect(first[2]).toBe(past[0]!.period === null ? '' : `${past[0]!.period}D`);
    expect(first[4]).toBe(past[0]!.fwd_ret_1 === null ? '' : past[0]!.fwd_ret_1!.toFixed(2));
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();

    // The comparison panel: the hindsight pick beside the walk-forward record, as the API computed them.
    const cmp = await cellsOf(page.getByTestId('comparison-table').locator('tbody tr'));
    const pctOrBlank = (v: number | null) => (v === null ? '' : `${v.toFixed(2)}%`);
    expect(cmp.find((r) => r[0] === 'Expected %')).toEqual([
      'Expected %',
      pctOrBlank(d.in_sample.mean),
      pctOrBlank(d.out_of_sample.mean),
    ]);
    expect(cmp.find((r) => r[0] === 'Profitable %')).toEqual([
      'Profitable %',
      pctOrBlank(d.in_sample.profitable_pct),
      pctOrBlank(d.out_of_sample.profitable_pct),
    ]);
    await expect(page.getByTestId('comparison-note')).toContainText("Trades fill at the next bar's open.");

    // Chart data tables carry the same numbers.
    const returns = page.getByRole('region', { name: /Past Signals Returns/ });
    await returns.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByTestId('returns-table').locator('tbody tr')).toHaveCount(
      d.past_signals_returns_data.dates.length,
    );
    await expect(
      page
        .getByRole('region', { name: /Cumulative Returns/ })
        .locator('svg path')
        .first(),
    ).toBeVisible();
  });

  test('factor and timeframe changes reload; the timeframe switches once the data arrives', async ({ page }) => {
    await page.goto('/factor-analysis');
    // Defaults: SPY (global ticker), New Uptrend, Weekly.
    await expect(page.getByRole('combobox', { name: 'Factor', exact: true })).toHaveText('New Uptrend');
    await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    await expect(page.getByTestId('statistics-table').or(page.getByTestId('factor-no-data'))).toBeVisible();

    const factorReq = page.waitForRequest(
      (r) => isFactorRequest(r.url(), 'new_high', 'weekly') && r.url().includes('ticker=SPY'),
    );
    await page.getByRole('combobox', { name: 'Factor', exact: true }).click();
    await page.getByRole('option', { name: 'New High' }).click();
    await factorReq;
    await expect(page).toHaveURL(/\/factor-analysis\/new_high\/weekly\/SPY$/);
    await expect(page.getByTestId('statistics-table')).toContainText('52W');

    // Hold the daily answer: the radio keeps Weekly until it arrives.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/get_factor_analysis_data.*timeframe=daily/, async (route) => {
      await held;
      await route.continue();
    });
    const dailyReq = page.waitForRequest((r) => isFactorRequest(r.url(), 'new_high', 'daily'));
    await page.getByRole('radio', { name: 'Daily' }).click();
    await dailyReq;
    await expect(page.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    // The loader shows while the answer is held; Escape dismisses it and the old data stays.
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeHidden();
    await expect(page.getByTestId('statistics-table')).toContainText('52W');
    release();
    await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await expect(page.getByTestId('statistics-table')).toContainText('120D');
  });

  test('a route change loads once; an unknown ticker shows the API message', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/get_factor_analysis_data') && urls.push(r.url()));
    await page.goto('/factor-analysis/relative_strength/daily/MSFT');
    await expect(page.getByRole('combobox', { name: 'Factor', exact: true })).toHaveText('Relative Strength');
    await expect(page.getByTestId('last-signal')).toContainText('MSFT');
    expect(urls.filter((u) => isFactorRequest(u, 'relative_strength', 'daily'))).toHaveLength(1);

    await page.goto('/factor-analysis/momentum/weekly/ZZZZZ');
    await expect(page.getByTestId('factor-error')).toContainText('Unknown ticker ZZZZZ');
  });
});
