import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { startIn } from './support/theme.ts';
import { makeBasic, openAs, signupAndLogin } from './support/users.ts';

// Issue 25's done-when path: a subscriber creates an alert from an Options Flow filter, sees its
// backtest, gets a toast and an email when a live trade matches (the runtime's simulated session
// streams SPY every few seconds), finds it in the history and pauses it from the email's link.
const shots = join(import.meta.dirname, '../../test-results/alerts-screens');

test.describe('flow alerts', () => {
  test.setTimeout(180_000);

  test('create from a filter, backtest, toast + email on a live match, history, pause from the email', async ({
    page,
    request,
  }) => {
    const id = `alerts_${Date.now().toString(36)}`;
    const jwt = await signupAndLogin(request, id);
    await makeBasic(request, jwt);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, jwt, '/optionsflow');

    // An Options Flow filter: Ticker = SPY.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const filter = page.getByTestId('flow-filter').first();
    await filter.getByRole('combobox', { name: /^Field/ }).click();
    await page.getByRole('option', { name: 'Ticker' }).click();
    await filter.getByRole('combobox', { name: /^Selector/ }).click();
    await page.getByRole('option', { name: 'Equal', exact: true }).click();
    await page.getByLabel('Filter 1 tickers').fill('spy');
    await page.getByLabel('Filter 1 tickers').press('Enter');
    await page.getByTestId('alert-me').click();

    // The Alerts page opens the editor with that filter; the backtest runs on it before saving.
    await expect(page).toHaveURL(/\/alerts$/);
    const editor = page.getByTestId('rule-editor');
    await expect(editor.getByLabel('Filter 1 tickers')).toHaveCount(1);
    await expect(editor.getByText('SPY', { exact: true })).toBeVisible();
    await page.getByTestId('rule-name').fill('SPY flow');
    const bt = page.waitForResponse((r) => r.url().includes('/api/backtest_alert_rule'));
    await page.getByTestId('run-backtest').click();
    expect((await bt).status()).toBe(200);
    await expect(page.getByTestId('backtest-summary')).toContainText('this alert would have fired', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('backtest-moves')).toContainText('baseline');
    // Issue 39 item 4: the options' P&L against the baseline, the demo sentence, fires per day in the editor.
    await expect(page.getByTestId('backtest-pnl')).toContainText('baseline');
    await expect(page.getByTestId('backtest-simulated')).toContainText('simulated');
    await expect(page.getByTestId('rule-fires-per-day')).toContainText('times a day on average');
    await expect(page.getByTestId('backtest-prints').locator('tbody tr').first()).toBeVisible();
    await page.screenshot({ path: join(shots, 'alerts-backtest-1440-light.png'), fullPage: true });

    await page.getByTestId('save-rule').click();
    await expect(page.getByTestId('rule-row')).toHaveCount(1);
    await expect(page.getByTestId('rule-status')).toHaveText('active');

    // A live SPY trade: the toast on the open page, the bell's count, and the email in the outbox.
    await expect(page.getByTestId('alert-toast')).toContainText('Alert "SPY flow"', { timeout: 90_000 });
    await expect(page.getByTestId('alert-bell')).toHaveAccessibleName(/unread/);
    await expect
      .poll(
        async () => {
          const box = (await (await request.get('/dev/mail?format=json')).json()) as Array<{
            to: string;
            subject: string;
            link?: string;
          }>;
          return box.find((m) => m.to === `${id}@example.com` && m.subject.includes('SPY flow'))?.link ?? '';
        },
        { timeout: 30_000 },
      )
      .toContain('/alerts/pause/');
    const box = (await (await request.get('/dev/mail?format=json')).json()) as Array<{ to: string; link?: string }>;
    const link = box.find((m) => m.to === `${id}@example.com` && m.link?.includes('/alerts/pause/'))!.link!;

    // The history of the rule lists the trade with its link to the Ticker Overview.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('caught-trades');
    await expect(history.getByRole('link', { name: 'SPY' }).first()).toHaveAttribute(
      'href',
      '/optionsflow-ticker-overview?ticker=SPY',
    );
    await page.screenshot({ path: join(shots, 'alerts-history-1440-light.png'), fullPage: true });

    // The email's one-click link pauses the rule, signed out.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(new URL(link).pathname);
    await expect(visitor.getByTestId('pause-done')).toContainText('"SPY flow" is paused');
    await visitor.close();
    await page.reload();
    await expect(page.getByTestId('rule-status')).toHaveText('paused from an email');
  });

  test('the Alerts page at 375 and 1440 px, light and dark', async ({ page, request }) => {
    const id = `alertsv_${Date.now().toString(36)}`;
    const jwt = await signupAndLogin(request, id);
    await makeBasic(request, jwt);
    const filters = JSON.stringify([{ filter: 'Ticker', selector: 'Equal', tickers: ['NVDA'] }]);
    // One load and one backtest: each width is a viewport change and the dark theme the navbar's toggle, as a
    // user would do it (four loads and four one-year backtests cost most of this test).
    await startIn(page, 'light');
    await page.setViewportSize({ width: 375, height: 900 });
    // "Alert me on this filter" lands like this: the editor opens with the filters.
    await openAs(page, jwt, `/alerts?filters=${encodeURIComponent(filters)}`);
    await expect(page.getByRole('heading', { name: 'Flow Alerts' })).toBeVisible();
    await page.getByTestId('run-backtest').click();
    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark') await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      for (const width of scheme === 'light' ? [375, 1440] : [1440, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.getByRole('heading', { name: 'Flow Alerts' })).toBeVisible();
        await expect(page.getByTestId('backtest-summary')).toBeVisible({ timeout: 60_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(shots, `alerts-${width}-${scheme}.png`), fullPage: true });
      }
    }
  });

  test('browser notifications: offered when the server has push keys; the worker is served and controls no page', async ({
    page,
    request,
  }) => {
    const id = `alertsp_${Date.now().toString(36)}`;
    const jwt = await signupAndLogin(request, id);
    await makeBasic(request, jwt);
    // The local runtime generated its VAPID pair, and Chromium on localhost takes pushes.
    await openAs(page, jwt, '/alerts');
    await expect(page.getByRole('switch', { name: 'Browser notifications' })).toBeVisible();
    const worker = await request.get('/alert-push-sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    // Registered as the toggle does: its scope matches no page, so no page load goes through it.
    const scope = await page.evaluate(
      async () => (await navigator.serviceWorker.register('/alert-push-sw.js', { scope: '/alert-push/' })).scope,
    );
    expect(new URL(scope).pathname).toBe('/alert-push/');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Flow Alerts' })).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  });
});
