import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { ACCOUNT_MESSAGES as M } from '@tapewatch/shared/schemas/accounts';
import { startIn, switchTheme } from './support/theme.ts';

const id = `e2e_${Date.now().toString(36).slice(-8)}`;
const email = `${id}@example.com`;
const password = 'First-pass1';
const newPassword = 'Second-pass2';
const shots = join(import.meta.dirname, '../../test-results/account-screens');

const alertDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('#alert-dialog-message') });
const banner = (page: Page) => page.getByRole('banner');

async function expectAlert(page: Page, text: string) {
  await expect(page.locator('#alert-dialog-message')).toHaveText(text);
}

/**
 * Escape closes an account form once focus is back inside its modal. After an alert closes, MUI's focus trap
 * takes focus back into the form's modal within a few milliseconds; an Escape sent before that reaches the page
 * body, which no modal listens on (a loaded runner did exactly that, and the Login form stayed open).
 */
async function escapeForm(page: Page, name: string) {
  const form = page.getByRole('form', { name });
  await expect
    // The modal's root (MUI focuses the dialog's container, outside the element with role dialog).
    .poll(() => form.evaluate((f) => f.closest('.MuiModal-root')?.contains(document.activeElement) ?? false))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
}

async function closeAlert(page: Page) {
  await alertDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(alertDialog(page)).toBeHidden();
}

/** Opens the newest email to `to` whose subject matches, from the local outbox page, and follows its link. */
async function followEmailLink(page: Page, subject: RegExp): Promise<string> {
  await page.goto('/dev/mail');
  const message = page.locator('article').filter({ hasText: email }).filter({ hasText: subject }).first();
  const link = message.getByRole('link');
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  return href;
}

async function login(page: Page, identifier: string, pw: string, remember: boolean) {
  await banner(page).getByRole('button', { name: 'Login' }).click();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email or username').fill(identifier);
  await form.getByLabel('Password').fill(pw);
  if (remember) await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Login' }).click();
}

/** The navbar's last control (colour toggle) must be fully on screen. */
async function expectNavbarFits(page: Page, width: number) {
  const box = await banner(page)
    .getByRole('button', { name: /^Switch to/ })
    .boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(width);
}

const storedToken = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('tapewatch_token'),
    session: sessionStorage.getItem('tapewatch_token'),
    refresh: localStorage.getItem('tapewatch_refresh_token'),
  }));

test.describe('account journey', () => {
  test.setTimeout(120_000);
  // The suite runs with reduced motion (playwright.config.ts); the journeys keep the motion most users see, so the
  // forms, menus and dialogs are also driven while their transitions run. The screens' screenshots below are taken
  // with reduced motion: a dialog is then fully shown the moment it opens, never mid-fade.
  test.use({ reducedMotion: 'no-preference' });

  test('sign up, confirm by email, log in, reload, log out, reset password, log in again, delete', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    // Keep the promotion out of the way of the forms (its rules have their own tests).
    await page.addInitScript(() => sessionStorage.setItem('tapewatch_promo_closed', '1'));

    // Sign up from the plan cards.
    await page.goto('/clusters');
    await banner(page).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/subscriptioncards$/);
    await page.getByRole('button', { name: 'Sign Up free' }).click();
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await expect(signup.getByTestId('signup-plan')).toHaveText('Free plan');
    await signup.getByLabel('Username').fill(id);
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(password);
    await signup.getByLabel('Confirm password').fill(password);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await expectAlert(page, M.acceptTerms);
    await closeAlert(page);
    await signup.getByRole('checkbox').check();
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await expectAlert(page, M.signupSuccess);
    await expect(signup).toBeHidden();
    await closeAlert(page);

    // Not confirmed yet: the login alert offers "Resend confirmation", which opens the resend form.
    await login(page, id, password, false);
    await expectAlert(page, M.notConfirmed);
    await alertDialog(page).getByRole('button', { name: 'Resend confirmation' }).click();
    await expect(page.getByRole('form', { name: 'Resend Confirmation Email' })).toBeVisible();
    await escapeForm(page, 'Resend Confirmation Email');

    // Confirm through the emailed link: the Clusters screen shows and the confirmation runs.
    const confirmHref = await followEmailLink(page, /confirm/i);
    expect(confirmHref).toMatch(/\/confirm\/[A-Za-z0-9_-]{20,}$/);
    await expectAlert(page, M.accountConfirmed);
    await expect(page).toHaveURL(/\/clusters$/);
    await closeAlert(page);
    await expect(page.getByRole('heading', { name: 'Clusters', level: 1 })).toBeVisible();

    // Log in with Remember me: the token and its refresh token live in localStorage.
    await login(page, id, password, true);
    await expectAlert(page, M.loginSuccess);
    await expect(page.getByRole('form', { name: 'Login' })).toBeHidden();
    await closeAlert(page);
    await expect(banner(page).getByRole('button', { name: /Account menu$/ })).toHaveText(id);
    await expect(banner(page).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscriptioncards');
    const remembered = await storedToken(page);
    expect(remembered.local).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(remembered.refresh).toBeTruthy();
    expect(remembered.session).toBeNull();

    // Reload: the session is restored from storage and the user info says who is logged in.
    const userInfo = page.waitForResponse((r) => r.url().includes('/api/get_user_info'));
    await page.reload();
    expect(await (await userInfo).json()).toEqual({ username: id, email, subscription: 'free' });
    await expect(banner(page).getByRole('button', { name: /Account menu$/ })).toHaveText(id);

    // Profile shows the account.
    await banner(page)
      .getByRole('button', { name: /Account menu$/ })
      .click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page.getByTestId('profile-username')).toHaveText(id);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('profile-subscription')).toHaveText('Free');
    await expect(page.getByRole('button', { name: 'Manage' })).toHaveCount(0);

    // Log out: the stored token goes, the navbar shows Login again, the old token is refused.
    const oldToken = remembered.local!;
    await banner(page)
      .getByRole('button', { name: /Account menu$/ })
      .click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectAlert(page, M.loggedOut);
    await closeAlert(page);
    await expect(banner(page).getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText('Please log in to see your profile.')).toBeVisible();
    expect(await storedToken(page)).toEqual({ local: null, session: null, refresh: null });
    const afterLogout = await page.request.get('/api/get_user_info', {
      headers: { Authorization: `Bearer ${oldToken}` },
    });
    expect((await afterLogout.json()).username).toBe('');

    // Forgot password? -> Reset Password -> emailed link -> Update Password.
    await banner(page).getByRole('button', { name: 'Login' }).click();
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Forgot password?' }).click();
    const reset = page.getByRole('form', { name: 'Reset Password' });
    await reset.getByLabel('Email').fill(email);
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert(page, M.resetSent);
    await expect(reset).toBeHidden();
    await closeAlert(page);
    const resetHref = await followEmailLink(page, /password/i);
    expect(resetHref).toMatch(/\/confirmpassword\/[A-Za-z0-9_-]{20,}$/);
    const update = page.getByRole('form', { name: 'Update Password' });
    await expect(update).toBeVisible();
    await update.getByLabel('New password').fill(newPassword);
    await update.getByLabel('Confirm password').fill(newPassword);
    await update.getByRole('button', { name: 'Update Password' }).click();
    await expectAlert(page, M.passwordUpdated);
    await expect(update).toBeHidden();
    await closeAlert(page);

    // The old password no longer works; the new one does (this time without Remember me).
    await login(page, email, password, false);
    await expectAlert(page, M.loginFailed);
    await closeAlert(page);
    await escapeForm(page, 'Login');
    await login(page, email, newPassword, false);
    await expectAlert(page, M.loginSuccess);
    await closeAlert(page);
    const session = await storedToken(page);
    expect([session.local, session.refresh, typeof session.session]).toEqual([null, null, 'string']);

    // Delete the account from the profile: exact confirmation text, cancel first, then Delete.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-username')).toHaveText(id);
    // Deleting asks for the password again (issue 35).
    await page.getByLabel('Password to confirm deletion').fill(newPassword);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, M.deleteConfirm);
    await alertDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(alertDialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await alertDialog(page).getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, M.accountDeleted);
    await closeAlert(page);
    await expect(banner(page).getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await storedToken(page)).toEqual({ local: null, session: null, refresh: null });
    await login(page, id, newPassword, false);
    await expectAlert(page, M.loginFailed);
  });

  test('a Basic sign-up shows the server message and continues to the hosted checkout with the ticket', async ({
    page,
  }) => {
    const basicId = `${id}_b`;
    await page.addInitScript(() => sessionStorage.setItem('tapewatch_promo_closed', '1'));
    await page.goto('/subscriptioncards');
    await page.getByRole('button', { name: 'Sign Up for Basic' }).click();
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await expect(signup.getByTestId('signup-plan')).toHaveText('Basic plan $39 / month');
    await signup.getByLabel('Username').fill(basicId);
    await signup.getByLabel('Email').fill(`${basicId}@example.com`);
    await signup.getByLabel('Password', { exact: true }).fill(password);
    await signup.getByLabel('Confirm password').fill(password);
    await signup.getByRole('checkbox').check();
    // The page leaves for the checkout right after the answer, so the answer is read as it passes
    // through (a response's body is gone once the page has navigated away).
    let resolveBody: (b: { alert_message?: string; checkout_ticket?: string }) => void = () => {};
    const answer = new Promise<{ alert_message?: string; checkout_ticket?: string }>((r) => (resolveBody = r));
    await page.route('**/api/submit_signup', async (route) => {
      const response = await route.fetch();
      resolveBody((await response.json()) as { alert_message?: string; checkout_ticket?: string });
      await route.fulfill({ response });
    });
    const checkout = page.waitForRequest((r) => r.url().endsWith('/api/checkoutsession'));
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    const body = await answer;
    expect(body.alert_message).toBe(`${M.signupSuccess} ${M.signupCheckout}`);
    expect((await checkout).postDataJSON()).toEqual({
      email: `${basicId}@example.com`,
      checkout_ticket: body.checkout_ticket,
    });
    // The local stand-in for the provider's hosted checkout page.
    await expect(page).toHaveURL(/\/dev\/checkout\//);
    await expect(page.getByText(`${basicId}@example.com`)).toBeVisible();
  });
});

test.describe('account screens', () => {
  test('at 375 and 1440 px, dark and light, without horizontal overflow', async ({ page }) => {
    const fakeUser = { username: 'screen_user', email: 'screen.user@example.com', subscription: 'free' };
    // One load per screen and width: the dark theme is the navbar's toggle on the open page.
    await startIn(page, 'light');
    for (const width of [375, 1440]) {
      await page.setViewportSize({ width, height: 820 });
      await page.goto('/subscriptioncards');
      for (const mode of ['light', 'dark'] as const) {
        if (mode === 'dark') await switchTheme(page, 'dark');
        await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
        await expect(page.getByRole('complementary', { name: 'Promotion' })).toBeVisible();
        await expectNavbarFits(page, width);
        await page.screenshot({ path: join(shots, `plans-promo-${width}-${mode}.png`) });
        await page.getByRole('button', { name: 'Sign Up for Basic' }).click();
        await expect(page.getByTestId('signup-plan')).toHaveText('Basic plan $39 / month');
        await page.screenshot({ path: join(shots, `signup-${width}-${mode}.png`) });
        await page.keyboard.press('Escape');
        await banner(page).getByRole('button', { name: 'Login' }).click();
        await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
        await page.screenshot({ path: join(shots, `login-${width}-${mode}.png`) });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('form', { name: 'Login' })).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }

      // The profile of a logged-in user (user info answered by a stub; the layout is what is checked).
      await page.route('**/api/get_user_info', (route) => route.fulfill({ json: fakeUser }));
      // The Profile's API keys card reads the (stubbed) user's keys: none.
      await page.route('**/api/get_api_keys', (route) =>
        route.fulfill({ json: { keys: [], limits: { keysPerUser: 5 } } }),
      );
      await page.evaluate(() => sessionStorage.setItem('tapewatch_token', 'x.eyJleHAiOjQxMDI0NDQ4MDB9.y'));
      await page.goto('/profile');
      for (const mode of ['light', 'dark'] as const) {
        if (mode === 'dark') await switchTheme(page, 'dark');
        await expect(page.getByTestId('profile-subscription')).toHaveText('Free');
        await expect(banner(page).getByRole('link', { name: 'Subscribe' })).toBeVisible();
        await expectNavbarFits(page, width);
        await page.screenshot({ path: join(shots, `profile-${width}-${mode}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.unroute('**/api/get_user_info');
      await page.evaluate(() => sessionStorage.clear());
    }
  });
});
