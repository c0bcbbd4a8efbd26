import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';

// The landing page's bundled sample: what the page shows must be exactly this data.
const sample = JSON.parse(
  readFileSync(join(import.meta.dirname, '../src/features/landing/data/sample-flow.json'), 'utf8'),
) as { trades: FlowTrade[]; byStrike: { strike_price: number[] } };
const newestFirst = [...sample.trades].sort((a, b) => b.time.localeCompare(a.time));
const premium = (k: number) => `$${Math.round(k).toLocaleString('en-US')}K`;
function topTickers(side: 'Call' | 'Put'): string[] {
  const sums = new Map<string, number>();
  for (const t of sample.trades) if (t.put_call === side) sums.set(t.ticker, (sums.get(t.ticker) ?? 0) + t.cost_basis);
  return [...sums].sort((a, b) => b[1] - a[1]).map(([t]) => t);
}

async function quietPromo(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('tapewatch_promo_closed', '1'));
}

test.describe('marketing pages', () => {
  test.beforeEach(async ({ page }) => quietPromo(page));

  test('landing: headings, sections and the sample table and charts with the bundled data, nothing fetched for them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(new URL(r.url()).pathname));
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Real-time option flow data' })).toBeVisible();
    await expect(page.getByText('FOLLOW SMART MONEY')).toBeVisible();
    await expect(page.getByTestId('sample-data-note')).toContainText('sample data');

    const table = page.getByRole('table', { name: 'Sample options flow' });
    const rows = table.getByTestId('flow-row');
    await expect(rows).toHaveCount(12);
    const first = newestFirst[0]!;
    await expect(rows.first()).toHaveAttribute('data-key', first.key);
    await expect(rows.first()).toContainText(first.ticker);
    await expect(rows.first()).toContainText(premium(first.cost_basis));
    await expect(rows.first()).toContainText(first.score.toFixed(2));
    // Sorting by strike: ascending first.
    await table.getByRole('button', { name: 'Strike ($)' }).click();
    const minStrike = Math.min(...sample.trades.map((t) => t.strike_price));
    await expect(rows.first()).toContainText(minStrike.toLocaleString('en-US'));
    // Last page is padded with blank rows to 12.
    const pages = Math.ceil(sample.trades.length / 12);
    await page.getByRole('button', { name: `Go to page ${pages}` }).click();
    await expect(rows).toHaveCount(sample.trades.length - (pages - 1) * 12);
    await expect(table.getByTestId('flow-blank-row')).toHaveCount(pages * 12 - sample.trades.length);

    for (const [side, title] of [
      ['Call', 'Top Call Premiums'],
      ['Put', 'Top Put Premiums'],
    ] as const) {
      const card = page.getByRole('region', { name: title });
      await card.scrollIntoViewIfNeeded();
      await expect(card.locator('svg g[data-category]')).toHaveCount(topTickers(side).length);
      await card.getByRole('button', { name: 'Show data' }).click();
      const labels = await card.getByRole('table').locator('tbody tr th, tbody tr td:first-child').allTextContents();
      expect(labels.slice(0, 3)).toEqual(topTickers(side).slice(0, 3));
    }
    await expect(
      page.getByRole('region', { name: 'SPY Premiums by Strike' }).locator('svg g[data-category]'),
    ).toHaveCount(sample.byStrike.strike_price.length);
    await expect(
      page.getByRole('region', { name: 'SPY Cumulative Premiums' }).locator('svg path[data-line]'),
    ).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Features' }).getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Plans' }).getByText('$39')).toBeVisible();

    expect(apiCalls.filter((p) => p !== '/api/get_app_info' && p !== '/api/get_user_info')).toEqual([]);
  });

  test('landing reveals sections with motion, and shows them at once with reduced motion', async ({ browser }) => {
    const ctx = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 375, height: 800 } });
    const page = await ctx.newPage();
    await quietPromo(page);
    await page.goto('/landing');
    await expect(page.getByTestId('landing-plans')).toHaveAttribute('data-shown', 'true');
    await ctx.close();

    const moving = await browser.newContext({ reducedMotion: 'no-preference', viewport: { width: 1440, height: 800 } });
    const p2 = await moving.newPage();
    await quietPromo(p2);
    await p2.goto('/landing');
    await expect(p2.getByTestId('landing-plans')).toHaveAttribute('data-shown', 'false');
    await p2.getByTestId('landing-plans').scrollIntoViewIfNeeded();
    await expect(p2.getByTestId('landing-plans')).toHaveAttribute('data-shown', 'true');
    await moving.close();
  });

  test('plan cards open Sign Up with the chosen plan', async ({ page }) => {
    await page.goto('/');
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('button', { name: 'Get Basic' }).click();
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await expect(signup.getByTestId('signup-plan')).toHaveText('Basic plan $39 / month');
    await page.keyboard.press('Escape');
    await expect(signup).toBeHidden();
    await plans.getByRole('button', { name: 'Start free' }).click();
    await expect(signup.getByTestId('signup-plan')).toHaveText('Free plan');

    await page.goto('/subscriptioncards');
    await expect(page.getByText('$0', { exact: true })).toBeVisible();
    await expect(page.getByText('$39 / month', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Up for Basic' }).click();
    await expect(signup.getByTestId('signup-plan')).toHaveText('Basic plan $39 / month');
  });

  test('promo page texts, and SIGN UP NOW opens Sign Up with the Basic plan', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/reddit-ads');
    await expect(page.getByRole('heading', { name: 'UNUSUAL OPTIONS FLOW' })).toBeVisible();
    await expect(page.getByText('Follow smart money with large options trades data')).toBeVisible();
    await expect(page.getByText('ONLY $39 per month')).toBeVisible();
    await page.getByRole('button', { name: 'SIGN UP NOW' }).click();
    await expect(page.getByRole('form', { name: 'Sign Up' }).getByTestId('signup-plan')).toHaveText(
      'Basic plan $39 / month',
    );
  });

  test('subscription and success pages', async ({ page }) => {
    await page.goto('/subscription');
    // A visitor can press Pay now! (it asks to sign up first, see subscription.spec.ts) or sign up here.
    await expect(page.getByRole('button', { name: 'Pay now!' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign Up for Basic first' }).click();
    await expect(page.getByRole('form', { name: 'Sign Up' }).getByTestId('signup-plan')).toHaveText(
      'Basic plan $39 / month',
    );
    // Logged out there is the Basic sign-up payer: the next step is the confirmation email.
    await page.goto('/subscriptionsuccess');
    await expect(page.getByRole('heading', { name: 'Payment received: confirm your email' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('legal pages are reachable from the footer', async ({ page }) => {
    await page.goto('/reddit-ads');
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await legal.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    const terms = page.getByRole('article', { name: 'Terms of Use' });
    await expect(terms).toContainText('No refunds: all sales are final');
    await expect(terms).toContainText('Manage on your profile page');
    await expect(terms).toContainText('informational purposes only');
    await legal.getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('article', { name: 'Privacy Policy' })).toContainText('not sell your data');
  });
});
