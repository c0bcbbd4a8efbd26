import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { startIn, switchTheme } from './support/theme.ts';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

// Issue 39 item 3: a multi-leg order is one flow row (legs on demand), at 375 and 1440 px.
const shots = join(import.meta.dirname, '../../test-results/flow-spreads-screens');

/** How far the flow table's container scrolls sideways (0 when every column is in view). */
const tableOverflow = (page: Page) =>
  page
    .getByTestId('flow-table')
    .evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0));

async function checkSpreadRow(page: Page, fits: boolean) {
  const rows = page.getByTestId('flow-row');
  await expect(rows).toHaveCount(12);
  // Only spreads (the server applied the Spread filter): every row is an order, none a lone leg.
  const kinds = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-spread')));
  expect(kinds.every((k) => k !== null)).toBe(true);
  expect(await rows.first().getAttribute('data-key')).toMatch(/^spread:/);
  await expect(page.getByTestId('flow-leg-row')).toHaveCount(0);
  const toggle = rows.first().getByTestId('spread-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByTestId('flow-leg-row')).toHaveCount(2);
  await expect(page.getByTestId('flow-leg-row').first()).toContainText(/(Buy|Sell|B|S) (Call|Put)/); // "B Put" on phones
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await toggle.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
  // At 1440 px the table does not scroll sideways either: every column, Premium included, is in view.
  // (At 375 px the six phone columns of a historical day already took ~400 px before spreads: it scrolls.)
  if (fits) expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
}

test.describe('spreads as one order', () => {
  test.setTimeout(240_000);

  test('historical flow filtered to spreads: one row per order, legs expandable, 375 and 1440 px, light and dark', async ({
    page,
    request,
  }) => {
    const jwt = await signupAndLogin(request, `spr_${Date.now().toString(36).slice(-8)}`);
    await makeBasic(request, jwt);
    // One load and one query: each width is a viewport change, and the dark theme the navbar's toggle.
    await startIn(page, 'light');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await openAs(page, jwt, '/optionsflow');
    await expect(page.getByTestId('flow-row')).toHaveCount(12, { timeout: 30_000 });
    expect(await tableOverflow(page)).toBeLessThanOrEqual(0); // the live list, spreads and prints mixed
    await page.getByRole('switch', { name: 'Live' }).click();
    await page.getByLabel('Start - End').fill('2024-03-08 - 2024-03-08');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const filter = page.getByTestId('flow-filter').first();
    await filter.getByRole('combobox', { name: /^Field/ }).click();
    await page.getByRole('option', { name: 'Spread', exact: true }).click();
    await filter.getByRole('combobox', { name: /^Selector/ }).click();
    await page.getByRole('option', { name: 'Equal', exact: true }).click();
    await page.getByLabel('Filter 1 value').fill('Yes');
    const answer = page.waitForResponse((r) => r.url().includes('/api/get_historical_options_flow'));
    await page.getByRole('button', { name: 'Update' }).click();
    expect((await answer).status()).toBe(200);
    const fold = () => page.getByTestId('flow-row').first().getByTestId('spread-toggle').click(); // the open one

    await checkSpreadRow(page, true);
    await expect(page.getByRole('columnheader', { name: 'Vol/OI' })).toBeVisible();
    await page.screenshot({ path: join(shots, 'spreads-1440-light.png'), fullPage: true });
    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark') await switchTheme(page, 'dark');
      await page.setViewportSize({ width: 375, height: 900 });
      await expect(page.getByRole('columnheader', { name: 'Vol/OI' })).toHaveCount(0);
      await fold();
      await checkSpreadRow(page, false);
      await page.getByTestId('flow-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `spreads-375-${scheme}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 1000 });
    await fold();
    await checkSpreadRow(page, true);
    await expect(page.getByRole('columnheader', { name: 'Vol/OI' })).toBeVisible();
    // From the top, as the light one: a full-page shot of a scrolled page draws the fixed navbar mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, 'spreads-1440-dark.png'), fullPage: true });
  });
});
