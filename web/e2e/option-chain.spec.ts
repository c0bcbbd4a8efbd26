import { expect, test, type Page } from '@playwright/test';
import { optionChainResponse } from '@tapewatch/shared/schemas/option-chain';
import { volatilityResponse } from '@tapewatch/shared/schemas/volatility';
import { COLOUR_RULES, seriousViolations } from './support/axe.ts';
import { startIn, switchTheme } from './support/theme.ts';

/** No serious or critical axe violation on the settled page (`rules`: only those). */
async function expectAxeClean(page: Page, rules?: readonly string[]) {
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 30_000 });
  const serious = await seriousViolations(page, rules);
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
}

/**
 * The page judged by every axe rule in light, then switched to dark by the navbar's toggle and judged by the
 * colour rules (nothing else changes with the theme), without sideways scrolling in either.
 */
async function expectCleanInBothThemes(page: Page) {
  await expectNoPageScroll(page);
  await expectAxeClean(page);
  await switchTheme(page, 'dark');
  await expectNoPageScroll(page);
  await expectAxeClean(page, COLOUR_RULES);
}

/** The page never scrolls sideways (the chain's own table may, inside its box). */
async function expectNoPageScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

for (const width of [375, 1440]) {
  test.describe(`option chain and volatility at ${width} px, light and dark`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await startIn(page, 'light');
    });

    test('the chain shows the API numbers around the money, switches expiration and toggles Greeks', async ({
      page,
      request,
    }) => {
      const api = optionChainResponse.parse(
        await (await request.get('/api/get_option_chain?ticker=SPY', { timeout: 60_000 })).json(),
      );
      await page.goto('/optionchain/SPY');
      await expect(page.getByRole('heading', { name: 'Option Chain: SPY', level: 1 })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByTestId('generated-data-caption')).toBeVisible();
      const table = page.getByTestId('chain-table');
      await expect(table.getByTestId('chain-row').first()).toBeVisible({ timeout: 30_000 });
      const atm = table.locator('[data-atm="true"]');
      const nearest = api.rows.reduce((a, b) =>
        Math.abs(b.strike - api.underlying_price) < Math.abs(a.strike - api.underlying_price) ? b : a,
      );
      await expect(atm.locator('th')).toHaveText(nearest.strike.toFixed(2));
      await expect(page.getByRole('tab', { selected: true })).toContainText(
        new Date(`${api.expiration}T12:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }),
      );
      await expect(table.getByText('Δ')).toHaveCount(0);
      await page.getByRole('switch', { name: 'Greeks' }).check();
      await expect(table.getByText('Δ')).toHaveCount(2);
      await expectCleanInBothThemes(page);

      const other = api.expirations.find((e) => e.expiration !== api.expiration)!;
      await page.getByRole('tab', { name: new RegExp(`\\(${other.dte}d\\)`) }).click();
      await expect(page.getByRole('tab', { selected: true })).toContainText(`(${other.dte}d)`, { timeout: 30_000 });
      await expectNoPageScroll(page);
    });

    test('volatility shows ATM IV, the rank gauge, the charts and the expected moves of the API', async ({
      page,
      request,
    }) => {
      const api = volatilityResponse.parse(
        await (await request.get('/api/get_volatility_data?ticker=SPY', { timeout: 60_000 })).json(),
      );
      await page.goto('/volatility/SPY');
      await expect(page.getByRole('heading', { name: 'Volatility: SPY', level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('stat-atm-iv')).toHaveText(`${(api.atm_iv * 100).toFixed(1)}%`, {
        timeout: 30_000,
      });
      await expect(page.getByRole('meter', { name: 'IV rank' })).toHaveAttribute(
        'aria-valuenow',
        String(Math.round(api.iv_rank ?? 0)),
      );
      for (const title of [
        'Implied vs Realised Volatility',
        'Term Structure',
        'Skew at 25 Delta',
        'Expected Move per Expiration',
      ])
        await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
      await expect(page.getByTestId('expected-move-row')).toHaveCount(api.expirations.length);
      await expectCleanInBothThemes(page);
    });
  });
}
