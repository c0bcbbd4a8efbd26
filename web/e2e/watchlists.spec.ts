import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { watchlistsResponse } from '@tapewatch/shared/schemas/watchlists';
import { startIn, switchTheme } from './support/theme.ts';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

/** Issue 24: the star, the /watchlist page and the watchlist filter, at 1440 and 375 px, light and dark. */
const shots = join(import.meta.dirname, '../../test-results/watchlists');

const uid = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-8)}`;
async function storedTickers(api: APIRequestContext, jwt: string): Promise<string[]> {
  const body = watchlistsResponse.parse(
    await (await api.get('/api/get_watchlists', { headers: { authorization: `Bearer ${jwt}` } })).json(),
  );
  return body.lists.find((l) => l.id === 'default')!.tickers;
}
const flowTickers = (page: Page) =>
  page
    .getByTestId('flow-row')
    .locator('[data-testid^="star-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));
/** No horizontal scroll; on failure the message names the elements that stick out. */
async function noOverflow(page: Page, width: number) {
  const wide = await page.evaluate((w) => {
    if (document.documentElement.scrollWidth <= w) return [];
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > w + 1)
      .slice(0, 5)
      .map(
        (e) => `${e.tagName}.${String(e.className).slice(0, 60)} right=${Math.round(e.getBoundingClientRect().right)}`,
      );
  }, width);
  expect(wide).toEqual([]);
}

test.describe('watchlists', () => {
  test.setTimeout(180_000);

  test('a signed-out star opens the free sign-up form', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, null, '/darkpools/AAPL');
    const quote = page.getByRole('region', { name: 'Quote for AAPL' });
    await quote.getByRole('button', { name: 'Sign up to add AAPL to a watchlist' }).click();
    await expect(page.getByRole('form', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByTestId('signup-plan')).toHaveText('Free plan');
  });

  test('star a ticker, see it on /watchlist, filter Options Flow by the list (1440 and 375, light and dark)', async ({
    page,
    request,
  }) => {
    const jwt = await signupAndLogin(request, uid('watch'));
    await makeBasic(request, jwt);
    await page.setViewportSize({ width: 1440, height: 1000 });

    // The star in the quote panel: optimistic, then stored.
    await openAs(page, jwt, '/darkpools/AAPL');
    const star = page.getByRole('region', { name: 'Quote for AAPL' }).getByTestId('star-AAPL');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => storedTickers(request, jwt)).toEqual(['AAPL']);

    // /watchlist: the starred ticker, then a pasted list (lowercase, a duplicate and an unknown ticker).
    await page.goto('/watchlist');
    await expect(page.locator('[data-testid="watchlist-row"][data-ticker="AAPL"]')).toBeVisible();
    await page.getByRole('textbox', { name: 'Add tickers' }).fill('spy, msft aapl QQQQZ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('QQQQZ');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('watchlist-row')).toHaveCount(3);
    expect(await storedTickers(request, jwt)).toEqual(['AAPL', 'SPY', 'MSFT']);
    await expect(page.locator('[data-testid="watchlist-row"][data-ticker="SPY"] td').nth(1)).not.toHaveText('-');
    // Sort by 1M return (descending first), and export.
    await page.getByRole('button', { name: '1M' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toBe('watchlist-Watchlist.csv');

    // Options Flow filtered by the list (state in the URL, live feed filtered in the browser).
    await page.goto('/optionsflow');
    await expect(page.getByTestId('flow-row').first()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('watchlist-filter-chip').click();
    await page.getByRole('menuitem', { name: /^Watchlist \(3\)/ }).click();
    await expect(page).toHaveURL(/[?&]watchlist=default/);
    await expect(page.getByTestId('watchlist-filter-chip')).toHaveAttribute('data-active', 'true');
    await expect(page.getByTestId('flow-row').first()).toBeVisible();
    for (const t of await flowTickers(page)) expect(['AAPL', 'SPY', 'MSFT']).toContain(t);
    // A flow row's star is filled for listed tickers.
    await expect(page.getByTestId('flow-row').first().locator('[data-testid^="star-"]')).toHaveAttribute(
      'data-starred',
      'true',
    );

    // Other screens take the same URL state.
    await page.goto('/shortinterest?watchlist=default');
    await expect(page.getByTestId('watchlist-filter-chip')).toHaveAttribute('data-active', 'true');
    await page.goto('/darkpools?watchlist=default');
    await expect(
      page.getByRole('table', { name: 'Dark pool data of all tickers' }).locator('tbody tr').first(),
    ).toBeVisible();
    const dpTickers = await page
      .getByRole('table', { name: 'Dark pool data of all tickers' })
      .locator('tbody tr td:first-child')
      .allTextContents();
    for (const t of dpTickers.filter((x) => x.trim() !== '')) expect(['AAPL', 'SPY', 'MSFT']).toContain(t.trim());

    // Screens at both widths, light and dark: one load each; a width is a viewport change, dark the navbar's toggle.
    await startIn(page, 'light');
    const passes = [
      [1440, 'light'],
      [375, 'light'],
      [375, 'dark'],
      [1440, 'dark'],
    ] as const;
    await page.goto('/watchlist');
    for (const [i, [width, mode]] of passes.entries()) {
      if (mode !== (passes[i - 1]?.[1] ?? 'light')) await switchTheme(page, mode);
      await page.setViewportSize({ width, height: 900 });
      const item = width < 700 ? 'watchlist-card' : 'watchlist-row';
      await expect(page.getByTestId(item)).toHaveCount(3);
      await noOverflow(page, width);
      await page.screenshot({ path: join(shots, `watchlist-${width}-${mode}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/optionsflow?watchlist=default');
    for (const [i, [width, mode]] of passes.entries()) {
      if (mode !== (passes[i - 1]?.[1] ?? 'light')) await switchTheme(page, mode);
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByTestId('watchlist-filter-chip')).toHaveAttribute('data-active', 'true');
      await expect(page.getByTestId('flow-row').first()).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: join(shots, `optionsflow-${width}-${mode}.png`) });
    }

    // Unstar from the /watchlist page.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/watchlist');
    await page.getByRole('button', { name: 'Remove MSFT' }).click();
    await expect(page.getByTestId('watchlist-row')).toHaveCount(2);
    await expect.poll(() => storedTickers(request, jwt)).toEqual(['AAPL', 'SPY']);
  });
});
