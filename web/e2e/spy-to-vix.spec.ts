import { expect, test, type APIRequestContext } from '@playwright/test';
import { spyToVixSchema } from '@tapewatch/shared/schemas/spy-to-vix';
import { expectEscapeDismissesLoader } from './support/loader.ts';

const load = async (request: APIRequestContext) =>
  spyToVixSchema.parse(await (await request.get('/api/get_spy_to_vix_data')).json());
const cellTexts = (rows: import('@playwright/test').Locator) =>
  rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th,td')].map((c) => c.textContent?.trim() ?? '')));

test.describe('SPY To VIX', () => {
  test('the sidebar opens the screen; the text states the 5-day correlation the API measured', async ({
    page,
    request,
  }) => {
    const api = await load(request);
    await page.goto('/Sectorperformance');
    await page.getByRole('link', { name: 'SPY To VIX' }).first().click();
    await expect(page).toHaveURL(/\/spytovix$/);
    await expect(page.getByRole('heading', { name: 'SPY To VIX Forward Returns', level: 1 })).toBeVisible();
    const corr = api.spy_to_vix_prob_positive.regression_data['5d'].correlation;
    await expect(page.getByTestId('corr-5d')).toHaveText(corr.toFixed(2));
    expect(corr).toBeLessThan(-0.5);
    for (const name of ['1 Day', '2 Days', '5 Days', '10 Days', '20 Days'])
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  });

  test('the 5-day regression table shows the API coefficients and Newey-West errors', async ({ page, request }) => {
    const r = (await load(request)).spy_to_vix_prob_positive.regression_data['5d'];
    await page.goto('/spytovix');
    const box = page.getByTestId('regression-5d');
    await expect(box.getByTestId('data-row')).toHaveCount(2); // evaluateAll does not wait for rows
    const rows = await cellTexts(box.getByTestId('data-row'));
    expect(rows[0]!.slice(0, 4)).toEqual([
      'alpha',
      r['Coef.'].const.toFixed(4),
      r['Std.Err.'].const.toFixed(4),
      r.t.const.toFixed(3),
    ]);
    expect(rows[1]!.slice(5)).toEqual([r['[0.025'].x1.toFixed(4), r['0.975]'].x1.toFixed(4)]);
    await expect(box.getByTestId('rsquared-5d')).toHaveText(r.r_squared.toFixed(4));
    await expect(box.getByText(/Newey-West standard errors with 4 lags/)).toBeVisible();
  });

  test('the probability table: first row as the API, sorting by count, CSV export', async ({ page, request }) => {
    const table = (await load(request)).spy_to_vix_prob_positive.prob_table['10d'];
    await page.goto('/spytovix');
    const box = page.getByTestId('probability-10d');
    const rows = box.getByTestId('data-row');
    await expect(rows).toHaveCount(table.length);
    const first = table[0]!;
    expect((await cellTexts(rows))[0]).toEqual([
      first.vix_bucket,
      first.positive.toFixed(2),
      first.negative.toFixed(2),
      first.count.toLocaleString('en-US'),
    ]);

    await box.getByRole('button', { name: 'Count' }).click();
    const byCount = [...table].sort((a, b) => b.count - a.count);
    expect((await cellTexts(rows)).map((r) => r[0])).toEqual(byCount.map((r) => r.vix_bucket));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      box.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('spy-to-vix-probability-10d.csv');
    const lines = (await (await download.createReadStream()).toArray()).join('').trim().split(/\r\n/);
    expect(lines[0]).toBe('VIX change %,P(SPY up) %,P(SPY down) %,Count');
    expect(lines[1]).toBe(
      [Number(byCount[0]!.vix_bucket), byCount[0]!.positive, byCount[0]!.negative, byCount[0]!.count].join(','),
    );
  });

  test('the 5-day distribution heatmap draws the API grid and its data table lists the API cells', async ({
    page,
    request,
  }) => {
    const feature = (await load(request)).spy_to_vix_rounded_10;
    await page.goto('/spytovix');
    const card = page.getByRole('region', { name: '5-Day Distribution (VIX 10%)' });
    // Heatmaps are drawn when scrolled near (15 of them would block the first paint).
    await expect(card.locator('svg rect title')).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    // One rect with a tooltip per non-empty cell (empty cells are the shaded backdrop).
    await expect(card.locator('svg rect title')).toHaveCount(feature.data['5d'].length);
    // The busiest cell's tooltip carries the API value.
    const [x, y, v] = [...feature.data['5d']].sort((a, b) => b[2] - a[2])[0]!;
    const titles = await card.locator('svg rect title').allTextContents();
    expect(titles).toContain(`${feature.index.y[y]} · ${feature.index.x[x]}: ${v.toFixed(1)}%`);

    await card.getByRole('button', { name: 'Show data' }).click();
    const shown = await cellTexts(page.getByTestId('dist10-cells-5d').getByTestId('dist10-cells-5d-row'));
    expect(shown).toEqual(
      feature.data['5d'].map(([xi, yi, p]) => [feature.index.x[xi], feature.index.y[yi], p.toFixed(2)]),
    );
  });

  test('the probability heatmap shows only cells with enough days, coloured on 35-65', async ({ page, request }) => {
    const prob = (await load(request)).spy_to_vix_prob_positive;
    await page.goto('/spytovix');
    const card = page.getByRole('region', { name: '20-Day Probability Of SPY Up' });
    // Issue 36 item 7: every drawn cell carries its test; the ones that do not survive the
    // Benjamini-Hochberg correction are greyed, and the help says how.
    const tests = prob.cell_tests['20d'];
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('svg rect[data-muted]')).toHaveCount(tests.length);
    await expect(card.locator('svg rect[data-muted="true"]')).toHaveCount(tests.filter((t) => !t.significant).length);
    const t = tests[0]!;
    const titles = await card.locator('svg rect title').allTextContents();
    expect(titles.some((title) => title.includes(`n ${t.n}, effective n ${t.n_eff.toFixed(1)}, p `))).toBe(true);
    await card.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByTestId('prob-cells-20d').getByTestId('prob-cells-20d-row')).toHaveCount(
      prob.data['20d'].length,
    );
    await expect(card.getByText(/at least 20 days\. Colours 35-65%/)).toBeVisible();
    await expect(card.getByText(/Grey cells do not differ from the base rate/)).toBeVisible();
  });
});

test('Escape dismisses the loader while the tables load', async ({ page }) => {
  await expectEscapeDismissesLoader(page, '**/api/get_spy_to_vix_data', '/spytovix');
});
