import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

// A basic subscriber is made through the real sign-up, email confirmation and local checkout.
const shots = join(import.meta.dirname, '../../test-results/options-flow-screens');

const count = async (page: Page) =>
  Number(
    /^[\d,]+/
      .exec((await page.getByTestId('flow-count').textContent({ timeout: 5000 })) ?? '')?.[0]
      ?.replace(/,/g, '') ?? 0,
  );
const tickerCells = (page: Page, col: number) =>
  page.getByTestId('flow-row').locator(`td:nth-child(${col})`).allTextContents();

test.describe('options flow', () => {
  test.setTimeout(180_000);

  test('a subscriber sees live trades arrive, switches to historical, filters, pages and sorts', async ({
    page,
    request,
  }) => {
    const id = `ofb_${Date.now().toString(36).slice(-8)}`;
    const jwt = await signupAndLogin(request, id);
    await makeBasic(request, jwt);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await openAs(page, jwt, '/optionsflow');
    await expect(page.getByRole('heading', { name: 'Options Flow', level: 1 })).toBeVisible();
    await expect(page.locator('article').getByText('Live & Historical')).toBeVisible();
    // The sidebar shows the Options Flow group to basic users.
    await expect(
      page.getByRole('group', { name: 'Options Flow' }).getByRole('link', { name: 'Live & Historical' }),
    ).toHaveAttribute('href', '/optionsflow');
    await expect(page.getByTestId('flow-row')).toHaveCount(12, { timeout: 20_000 });
    await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 15_000 });
    await expect(page.getByRole('columnheader', { name: /^Date/ })).toHaveCount(0);
    const before = await count(page);
    expect(before).toBeGreaterThan(0);
    // The simulated session streams about a trade a second: the list grows without a reload.
    await expect.poll(() => count(page), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect(page.getByTestId('flow-count')).toContainText('streamed since loading');
    await page.screenshot({ path: join(shots, 'live-1440.png'), fullPage: true });

    // Sorting: Premium starts ascending, then toggles; the sorted header is highlighted.
    await page.getByTestId('flow-table').getByRole('button', { name: 'Premium', exact: true }).click();
    const premiums = async () =>
      (await page.getByTestId('flow-row').locator('td:last-child').allTextContents()).map((t) =>
        Number(t.replace(/[$K,]/g, '')),
      );
    const asc = await premiums();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await page.getByTestId('flow-table').getByRole('button', { name: 'Premium', exact: true }).click();
    const desc = await premiums();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    // Paging.
    const firstPage = await page.getByTestId('flow-row').first().getAttribute('data-key');
    await page.getByRole('button', { name: 'Go to page 2', exact: true }).click();
    await expect(page.getByTestId('flow-row').first()).not.toHaveAttribute('data-key', firstPage ?? '');

    // Historical: the range and a Ticker filter go to the server on Update.
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByLabel('Start - End')).toBeDisabled();
    await page.getByRole('switch', { name: 'Live' }).click();
    await expect(page.getByTestId('live-status')).toHaveCount(0);
    await page.getByLabel('Start - End').fill('2024-03-04 - 2024-03-08');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const filter = page.getByTestId('flow-filter').first();
    await filter.getByRole('combobox', { name: /^Field/ }).click();
    await page.getByRole('option', { name: 'Ticker' }).click();
    await filter.getByRole('combobox', { name: /^Selector/ }).click();
    await page.getByRole('option', { name: 'Equal', exact: true }).click();
    await page.getByLabel('Filter 1 tickers').fill('spy');
    await page.getByLabel('Filter 1 tickers').press('Enter');
    const answer = page.waitForResponse((r) => r.url().includes('/api/get_historical_options_flow'));
    await page.getByRole('button', { name: 'Update' }).click();
    const res = await answer;
    expect(res.status()).toBe(200);
    const url = new URL(res.url());
    expect(JSON.parse(url.searchParams.get('dates') ?? '')).toEqual({ start: '2024-03-04', end: '2024-03-08' });
    await expect(page.getByRole('columnheader', { name: /^Date/ })).toHaveCount(1);
    await expect(page.getByTestId('flow-row')).toHaveCount(12);
    expect(new Set(await tickerCells(page, 3))).toEqual(new Set(['SPY']));
    const dates = await tickerCells(page, 1);
    expect(dates.every((d) => d >= '2024-03-04' && d <= '2024-03-08')).toBe(true);
    await page.screenshot({ path: join(shots, 'historical-1440.png'), fullPage: true });

    // Most OTM (/test) is in the same group.
    await page.getByRole('group', { name: 'Options Flow' }).getByRole('link', { name: 'Most OTM' }).click();
    await expect(page.getByRole('table', { name: 'Most OTM' })).toBeVisible();
    const otm = (
      await page.getByRole('table', { name: 'Most OTM' }).locator('tbody tr td:last-child').allTextContents()
    ).filter((t) => t.endsWith('%'));
    expect(otm.length).toBeGreaterThan(0);
    const values = otm.map((t) => Number(t.replace('%', '')));
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  test('a free user gets the subscribe alert and More info leads to /subscriptioncards', async ({ page, request }) => {
    const jwt = await signupAndLogin(request, `off_${Date.now().toString(36).slice(-8)}`);
    await openAs(page, jwt, '/optionsflow');
    await expect(page.locator('#alert-dialog-message')).toHaveText('You need to subscribe to access this page.');
    await expect(page.getByRole('group', { name: 'Options Flow' })).toHaveCount(0);
    await page.getByRole('button', { name: 'More info' }).click();
    await expect(page).toHaveURL(/\/subscriptioncards$/);
  });
});
