import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';

// Sign up with Basic -> local hosted checkout -> signed webhook -> basic -> Options Flow group; Manage -> cancel -> free.
const shots = join(import.meta.dirname, '../../test-results/subscription-screens');
const password = 'First-pass1';

const alertMessage = (page: Page) => page.locator('#alert-dialog-message');
const optionsFlowGroup = (page: Page) => page.getByRole('group', { name: 'Options Flow' });

test.describe('subscription', () => {
  test.setTimeout(120_000);

  test('Basic sign-up pays on the local checkout, gets the Options Flow group, and cancels through Manage', async ({
    page,
    request,
  }) => {
    const id = `sub_${Date.now().toString(36).slice(-8)}`;
    const email = `${id}@example.com`;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(() => sessionStorage.setItem('tapewatch_promo_closed', '1'));

    await page.goto('/subscriptioncards');
    await page.getByRole('button', { name: 'Sign Up for Basic' }).click();
    const signup = page.getByRole('form', { name: 'Sign Up' });
    await expect(signup.getByTestId('signup-plan')).toHaveText(/Basic/);
    await signup.getByLabel('Username').fill(id);
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password', { exact: true }).fill(password);
    await signup.getByLabel('Confirm password').fill(password);
    await signup.getByRole('checkbox').check();
    await signup.getByRole('button', { name: 'Sign Up' }).click();

    // The success message announces the checkout; the browser goes to the hosted page.
    await expect(page).toHaveURL(/\/dev\/checkout\/cs_local_/, { timeout: 15_000 });
    await expect(page.getByText('$39.00')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel('Promotion code').fill('WRONG');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert')).toHaveText('This code is invalid.');
    await page.getByLabel('Promotion code').fill('FLOW50');
    await page.screenshot({ path: join(shots, 'checkout-1440.png') });
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/subscriptionsuccess$/);
    // Paid before confirming, so logged out: told to confirm the email and log in, not sent to the flow.
    await expect(page.getByRole('heading', { name: 'Payment received: confirm your email' })).toBeVisible();

    // Confirm the email and log in: the stored plan is basic, so the Options Flow group shows.
    const mail = (await (await request.get('/dev/mail?format=json')).json()) as { to: string; link?: string }[];
    const token = mail.find((m) => m.to === email && m.link?.includes('/confirm/'))?.link?.split('/confirm/')[1];
    expect((await request.post('/api/get_token_confirmation', { data: { token } })).status()).toBe(200);
    const login = (await (
      await request.post('/api/submit_login', { data: { username_or_email: id, password } })
    ).json()) as { token: string };
    await page.evaluate((t) => localStorage.setItem('tapewatch_token', t), login.token);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-subscription')).toHaveText('Basic');
    await expect(optionsFlowGroup(page)).toBeVisible();

    // Manage -> the portal -> Cancel subscription -> back on the profile as free; the group is gone.
    await page.getByRole('button', { name: 'Manage' }).click();
    await expect(page).toHaveURL(/\/dev\/portal\/cus_local_/);
    await page.screenshot({ path: join(shots, 'portal-1440.png') });
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page).toHaveURL(/\/profile\?from=billing$/);
    await expect(page.getByTestId('profile-subscription')).toHaveText('Free');
    await expect(optionsFlowGroup(page)).toHaveCount(0);
  });

  test('a visitor pressing Pay now! is told to sign up first', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('tapewatch_promo_closed', '1'));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Pay now!' }).click();
    await expect(alertMessage(page)).toHaveText('Please sign up for the Basic plan (or log in) before subscribing.');
    await page.screenshot({ path: join(shots, 'visitor-375.png') });
  });
});
