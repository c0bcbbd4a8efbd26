import { expect, test, type Response } from '@playwright/test';
import { join } from 'node:path';
import { startIn, switchTheme } from './support/theme.ts';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

const shots = join(import.meta.dirname, '../../test-results/contract-screens');

test.describe('contract drill-down (issue 39)', () => {
  test.setTimeout(240_000);

  test('a flow row opens its contract page at 375 and 1440 px, light and dark, without horizontal overflow', async ({
    page,
    request,
  }) => {
    const id = `ctr_${Date.now().toString(36).slice(-8)}`;
    const jwt = await signupAndLogin(request, id);
    await makeBasic(request, jwt);
    // Each width opens a row's contract once; the dark theme is the navbar's toggle on the open page.
    await startIn(page, 'light');
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, jwt, '/optionsflow');
      // A single contract's row: a spread's row names several contracts and links none (its legs do).
      const single = page.getByTestId('flow-row').filter({ has: page.getByTestId('contract-link') });
      await expect(single.first()).toBeVisible({ timeout: 30_000 });
      // The live session keeps prepending trades: a row is held by its key, and when it moves or leaves the page
      // before the click lands, the newest single-contract row is tried again.
      let href = '';
      let answer: Promise<Response | null> = Promise.resolve(null);
      await expect(async () => {
        if (href !== '' && new URL(page.url()).pathname === href) return; // the last click landed late
        const key = await single.first().getAttribute('data-key', { timeout: 5_000 });
        const row = page.locator(`[data-testid="flow-row"][data-key="${key}"]`);
        // The row's strike is its contract's link.
        const link = row.getByTestId('contract-link');
        href = (await link.getAttribute('href', { timeout: 5_000 })) ?? '';
        expect(href).toMatch(/^\/contract\/[A-Z0-9.]{1,6}\d{6}[CP]\d{8}$/);
        // Handled from the start: an attempt whose click missed leaves this wait unanswered.
        answer = page
          .waitForResponse((r) => r.url().includes('/api/get_option_contract_data'), { timeout: 60_000 })
          .catch(() => null);
        await link.click({ timeout: 5_000 });
        await expect(page).toHaveURL(href, { timeout: 15_000 });
      }).toPass({ timeout: 120_000 });
      expect((await answer)?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ (Call|Put), \d{1,2} \w{3} \d{4}$/);
      await expect(page.getByTestId('contract-symbol')).toContainText(href.slice('/contract/'.length));
      await expect(page.getByTestId('contract-mid')).toHaveText(/^\$\d/);
      await expect(page.getByTestId('generated-data-caption')).toContainText('simulated');
      // The print the row showed is among the contract's prints, with its side and P&L column.
      const prints = page.getByRole('table', { name: 'Prints of this contract' });
      await expect(prints.locator('tbody tr').first()).toBeVisible();
      await expect(prints.getByRole('columnheader', { name: 'P&L' })).toBeVisible();
      await expect(page.getByTestId('contract-history-note')).toHaveCount(0);
      for (const scheme of ['light', 'dark'] as const) {
        if (scheme === 'dark') await switchTheme(page, 'dark');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(shots, `contract-${width}-${scheme}.png`), fullPage: true });
      }
    }
  });

  test("the Watchlist page shows a subscriber today's flow per ticker; the largest print opens its contract", async ({
    page,
    request,
  }) => {
    const id = `ctw_${Date.now().toString(36).slice(-8)}`;
    const jwt = await signupAndLogin(request, id);
    await makeBasic(request, jwt);
    const added = await request.post('/api/add_watchlist_tickers', {
      data: { tickers: ['SPY', 'QQQ'] },
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(added.status()).toBe(200);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, jwt, '/watchlist');
    const spy = page.locator('[data-testid="watchlist-row"][data-ticker="SPY"]');
    await expect(spy).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('columnheader', { name: 'Net premium today' })).toBeVisible();
    await expect(spy.getByTestId('watchlist-flow-net_premium')).toHaveText(/^[+-]?\$[\d,]+K$/, { timeout: 15_000 });
    await expect(spy.getByTestId('watchlist-flow-calls_puts')).toHaveText(/^\$[\d,]+K \/ \$[\d,]+K$/);
    const largest = spy.getByTestId('watchlist-flow-largest').getByTestId('contract-link');
    const href = await largest.getAttribute('href');
    expect(href).toMatch(/^\/contract\/SPY\d{6}[CP]\d{8}$/);
    await largest.click();
    await expect(page).toHaveURL(href!);
    await expect(page.getByTestId('contract-mid')).toHaveText(/^\$\d/, { timeout: 30_000 });
  });

  test('a free user is refused the contract page (the server gates it)', async ({ page, request }) => {
    const id = `ctf_${Date.now().toString(36).slice(-8)}`;
    const jwt = await signupAndLogin(request, id);
    const api = await request.get('/api/get_option_contract_data?symbol=SPY240315C00510000', {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(api.status()).toBe(403);
    await openAs(page, jwt, '/contract/SPY240315C00510000');
    await expect(page.getByText('You need to subscribe to access this page.')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('contract-mid')).toHaveCount(0);
  });
});
