import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Users for end-to-end tests, made through the real sign-up, emailed confirmation and local checkout. */
export const E2E_PASSWORD = 'First-pass1';

export async function signupAndLogin(api: APIRequestContext, id: string, password = E2E_PASSWORD): Promise<string> {
  const email = `${id}@example.com`;
  const s = await api.post('/api/submit_signup', {
    data: { username: id, email, password, password_confirmation: password },
  });
  expect(s.status()).toBe(200);
  const mail = (await (await api.get('/dev/mail?format=json')).json()) as { to: string; link?: string }[];
  const token = mail.find((m) => m.to === email && m.link?.includes('/confirm/'))?.link?.split('/confirm/')[1];
  expect((await api.post('/api/get_token_confirmation', { data: { token } })).status()).toBe(200);
  const login = await api.post('/api/submit_login', { data: { username_or_email: id, password } });
  return ((await login.json()) as { token: string }).token;
}

/** Pays for Basic through the local checkout; resolves once the webhook has upgraded the stored plan. */
export async function makeBasic(api: APIRequestContext, jwt: string): Promise<void> {
  const co = (await (
    await api.post('/api/checkoutsession', { data: {}, headers: { authorization: `Bearer ${jwt}` } })
  ).json()) as { url: string };
  const pay = await api.post(`${co.url.replace(/\/$/, '')}/pay`, { form: { promo: '' }, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  // The stored plan shows within a second (the server keeps a session's profile for up to 1 s): polled every
  // 250 ms rather than Playwright's widening intervals, whose steps (0.85 s, then 1.85 s) cost most tests a second.
  await expect
    .poll(
      async () =>
        (
          (await (await api.get('/api/get_user_info', { headers: { authorization: `Bearer ${jwt}` } })).json()) as {
            subscription: string;
          }
        ).subscription,
      { timeout: 15_000, intervals: [250] },
    )
    .toBe('basic');
}

/** Every later load of `page` is signed in with `jwt` (or signed out when null), with the promotional popup closed. */
export async function signInPage(page: Page, jwt: string | null): Promise<void> {
  await page.addInitScript((t) => {
    if (t) localStorage.setItem('tapewatch_token', t);
    sessionStorage.setItem('tapewatch_promo_closed', '1');
  }, jwt);
}

/** Opens `path` signed in with `jwt` (or signed out when null), with the promotional popup already closed. */
export async function openAs(page: Page, jwt: string | null, path: string): Promise<void> {
  await signInPage(page, jwt);
  await page.goto(path);
}
