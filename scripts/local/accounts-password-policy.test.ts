import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES as M } from '@tapewatch/shared/schemas/accounts';
import { ACCOUNT_TESTS, useIntegrationRuntime } from '../test/integration-runtime.ts';

// Issue 18 item 7 (NIST SP 800-63B): the attacker's view is a client that skips the web form, so
// every case goes over HTTP straight to the handlers the web app calls.
const api = useIntegrationRuntime(ACCOUNT_TESTS).accounts;

const PASSPHRASE = 'correct horse battery staple';
const STRONG = 'Kettle-Orbit-Plum-7';
/** Breached-list and pattern passwords (dictionary, sequence, repeat) and an all-control-character one. */
const WEAK: [string, string][] = [
  ['password', M.passwordWeak],
  ['12345678', M.passwordWeak],
  ['aaaaaaaa', M.passwordWeak],
  ['Password2024', M.passwordWeak],
  ['qwerty123456', M.passwordWeak],
  ['\0'.repeat(8), M.passwordControl],
  ['tab\there-is-long', M.passwordControl],
  [' leading-space-pass', M.passwordEdgeSpace],
];

const signupBody = (username: string, password: string) => ({
  username,
  email: `${username.toLowerCase()}@example.com`,
  password,
  password_confirmation: password,
});
const login = (username_or_email: string, password: string) =>
  api.post('submit_login', { username_or_email, password, remember: false });

describe('submit_signup refuses weak passwords and accepts passphrases', () => {
  it.each(WEAK)('refuses %j', async (password, message) => {
    const r = await api.post('submit_signup', signupBody('weakling_1', password));
    expect(r).toMatchObject({ status: 400, body: { alert_show: true, alert_message: message } });
    expect(await api.outbox()).not.toContainEqual(expect.objectContaining({ to: 'weakling_1@example.com' }));
  });

  it('refuses a password built from the username or email', async () => {
    const r = await api.post('submit_signup', signupBody('Marmalade_Fox', 'marmalade_fox1'));
    expect(r).toMatchObject({ status: 400, body: { alert_message: M.passwordWeak } });
  });

  it('accepts a spaced passphrase and a long one, and both log in', async () => {
    await api.signupAndConfirm('phrase_user', 'phrase_user@example.com', PASSPHRASE);
    expect((await login('phrase_user', PASSPHRASE)).status).toBe(200);
    const long = 'the quick brown fox jumps over the lazy dog while '.repeat(3).slice(0, ACCOUNT_LIMITS.passwordMax);
    expect(long.length).toBeGreaterThanOrEqual(64);
    await api.signupAndConfirm('long_phrase', 'long_phrase@example.com', long);
    expect((await login('long_phrase', long)).status).toBe(200);
  });

  it('refuses a password over the maximum length', async () => {
    const tooLong = 'x7Q-'.repeat(40).slice(0, ACCOUNT_LIMITS.passwordMax + 1);
    const r = await api.post('submit_signup', signupBody('too_long_1', tooLong));
    expect(r).toMatchObject({ status: 400, body: { alert_message: M.passwordFormat } });
  });
});

describe('update_password refuses weak passwords', () => {
  it('refuses each weak password with the reset link left usable, then accepts a passphrase', async () => {
    await api.signupAndConfirm('resetter_1', 'resetter_1@example.com', STRONG);
    expect((await api.post('reset_password', { email: 'resetter_1@example.com' })).body.alert_message).toBe(
      M.resetSent,
    );
    const token = (await api.lastLinkToken('resetter_1@example.com', '/confirmpassword/'))!;
    for (const [password, message] of WEAK) {
      const r = await api.post('update_password', { password, password_confirmation: password, token });
      expect(r, JSON.stringify(password)).toMatchObject({ status: 400, body: { alert_message: message } });
    }
    expect((await login('resetter_1', STRONG)).status).toBe(200);
    const ok = await api.post('update_password', { password: PASSPHRASE, password_confirmation: PASSPHRASE, token });
    expect(ok).toMatchObject({ status: 200, body: { alert_message: M.passwordUpdated } });
    expect((await login('resetter_1', PASSPHRASE)).status).toBe(200);
  });
});
