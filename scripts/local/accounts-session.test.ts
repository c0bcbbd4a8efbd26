import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@tapewatch/shared/schemas/accounts';
import { documentClient } from '@tapewatch/functions/data/client';
import { ConnectionRepository } from '@tapewatch/functions/data/connection-repository';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { authorize, currentAuthenticator } from '@tapewatch/functions/lib/auth-guard';
import { identity } from '@tapewatch/functions/platform/identity';
import { advanceWallClock, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { expireLinkToken, scanApp } from './accounts-helpers.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { completedSession } from './payments-helpers.ts';

// The real limits at first (their own tests); later describes scale them up.
const fx = useIntegrationRuntime({ env: { MAIL_OUTBOX_QUIET: '1', RATE_LIMIT_MULTIPLIER: '1' } });
const api = fx.accounts;

const login = (username_or_email: string, password: string, remember = false) =>
  api.post('submit_login', { username_or_email, password, remember });

// First, while this runtime's counters are fresh (real limits: 10 per account, 30 per IP per 15 min).
describe('rate limits (429 with retry-after) and no account enumeration', () => {
  it('login: the 11th attempt on one account is refused, even with the right password', async () => {
    await api.signupAndConfirm('victim_1', 'victim@example.com', 'Brisk-Lantern-42');
    for (let i = 0; i < 10; i++) expect((await login('victim_1', `wrongpass${i}`)).status).toBe(401);
    const blocked = await login('victim_1', 'Brisk-Lantern-42');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ alert_show: true, alert_message: M.tooManyAttempts });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The email (any case) names the same account: one bucket, not a fresh one.
    expect((await login('Victim@Example.com', 'Brisk-Lantern-42')).status).toBe(429);
  });

  it('login: one IP trying many accounts is refused after 30 attempts', async () => {
    // 12 attempts so far from this IP (10 + 1 blocked + 1 by email); 18 more are allowed.
    for (let i = 0; i < 18; i++) expect((await login(`nobody_${i}`, 'whatever12')).status).toBe(401);
    expect((await login('victim_1', 'Brisk-Lantern-42')).status).toBe(429);
  });

  it('resend and reset: identical answers for known and unknown emails, mail only for the known one, same limit', async () => {
    process.env.RATE_LIMIT_MULTIPLIER = '1';
    await api.post('submit_signup', {
      username: 'pending_1',
      email: 'pending@example.com',
      password: 'Brisk-Lantern-42',
      password_confirmation: 'Brisk-Lantern-42',
    });
    const before = (await api.outbox()).length;
    for (const route of ['resend_confirmation', 'reset_password'] as const) {
      for (let i = 0; i < 3; i++) {
        const known = await api.post(route, { email: 'pending@example.com' });
        const unknown = await api.post(route, { email: 'nobody-here@example.com' });
        expect(unknown.status).toBe(known.status);
        expect(unknown.body).toEqual(known.body);
        expect(known.body.alert_message).toBe(route === 'resend_confirmation' ? M.confirmationSent : M.resetSent);
      }
      const known = await api.post(route, { email: 'pending@example.com' });
      const unknown = await api.post(route, { email: 'nobody-here@example.com' });
      expect([known.status, unknown.status]).toEqual([429, 429]);
    }
    const mails = (await api.outbox()).slice(0, (await api.outbox()).length - before);
    expect(mails.every((m) => m.to === 'pending@example.com')).toBe(true);
    // Resend right after signup is quiet (no double email); so is a reset repeated within a minute.
    expect(mails.filter((m) => m.link?.includes('/confirm/'))).toHaveLength(0);
    expect(mails.filter((m) => m.link?.includes('/confirmpassword/'))).toHaveLength(1);
  });
});

describe('login validation', () => {
  beforeEach(() => void (process.env.RATE_LIMIT_MULTIPLIER = '100'));
  it.each([
    [{ username_or_email: 'abcd', password: 'Brisk-Lantern-42' }, M.enterIdentifier],
    [{ username_or_email: 'abcde', password: 'short' }, M.enterLoginPassword],
    [{ username_or_email: 'abcde', password: 'x'.repeat(129) }, M.enterLoginPassword],
    [{}, M.enterIdentifier],
  ])('%o -> %s', async (body, message) => {
    expect(await api.post('submit_login', body)).toMatchObject({
      status: 400,
      body: { alert_show: true, alert_message: message },
    });
  });
  it('a password in the query string is rejected before anything runs', async () => {
    const r = await api.post(
      'submit_login',
      { username_or_email: 'victim_1', password: 'Brisk-Lantern-42' },
      { query: 'password=Brisk-Lantern-42' },
    );
    expect(r).toMatchObject({ status: 400, body: { alert_message: `${M.credentialsInUrl}.` } });
  });
  it('unknown user and wrong password get the same alert', async () => {
    const a = await login('no_such_user', 'Brisk-Lantern-42');
    const b = await login('victim_1', 'not-it-123');
    expect(a).toMatchObject({ status: 401, body: { alert_message: M.loginFailed } });
    expect(b.body).toEqual(a.body);
  });
});

describe('session: refresh, logout, stored plan, delete', () => {
  beforeEach(() => void (process.env.RATE_LIMIT_MULTIPLIER = '100'));

  it('refresh renews the token; logout revokes the refresh token and denylists the access token', async () => {
    await api.signupAndConfirm('session_1', 'session@example.com', 'Brisk-Lantern-42');
    const l = await login('session_1', 'Brisk-Lantern-42', true);
    const token = l.body.token as string;
    const refresh = l.body.refresh_token as string;
    const renewed = await api.post('refresh_token', { refresh_token: refresh });
    expect(renewed.status).toBe(200);
    expect((await api.get('get_user_info', { token: renewed.body.token as string })).body.username).toBe('session_1');

    expect(await api.post('submit_logout', { refresh_token: refresh }, { token })).toMatchObject({
      status: 200,
      body: { alert_message: M.loggedOut },
    });
    expect((await api.get('get_user_info', { token })).body).toEqual({ username: '', email: '', subscription: '' });
    expect((await api.post('delete_user', { password: 'Brisk-Lantern-42' }, { token })).status).toBe(401);
    expect(await api.post('refresh_token', { refresh_token: refresh })).toMatchObject({
      status: 401,
      body: { alert_message: M.sessionExpired },
    });
    // Logging out again, or without any token, still succeeds: the client clears its token regardless.
    expect((await api.post('submit_logout', undefined, { token })).status).toBe(200);
    expect((await api.post('submit_logout')).status).toBe(200);
  });

  it('garbage, foreign and missing tokens: public routes answer "not logged in", user routes 401', async () => {
    expect((await api.get('get_user_info', { token: 'abc.def.ghi' })).body.username).toBe('');
    expect((await api.get('get_user_info')).body.username).toBe('');
    expect(await api.post('delete_user')).toMatchObject({
      status: 401,
      body: { alert_message: 'Please log in to continue.' },
    });
    expect((await api.get('delete_user')).status).toBe(405);
  });

  it('subscriber routes trust the stored plan, read on every request, never the token', async () => {
    await api.signupAndConfirm('payer_01', 'payer@example.com', 'Brisk-Lantern-42');
    const token = (await login('payer_01', 'Brisk-Lantern-42')).body.token as string;
    const headers = { authorization: `Bearer ${token}` };
    await expect(authorize('subscriber', headers, currentAuthenticator())).rejects.toMatchObject({ status: 403 });
    const userId = (await identity().findByEmail('payer@example.com'))!.userId;
    await new UsersRepository(documentClient()).setSubscription(userId, 'basic');
    // Session state is cached for at most 1 s per container; a webhook's change shows after that.
    advanceWallClock(1100);
    await expect(authorize('subscriber', headers, currentAuthenticator())).resolves.toMatchObject({
      username: 'payer_01',
      subscription: 'basic',
    });
    expect((await api.get('get_user_info', { token })).body.subscription).toBe('basic');
  });

  it('delete_user (POST) removes the Cognito user and every item of the user; the names are free again', async () => {
    await api.signupAndConfirm('leaver_1', 'leaver@example.com', 'Brisk-Lantern-42');
    const token = (await login('leaver_1', 'Brisk-Lantern-42')).body.token as string;
    const userId = (await identity().findByEmail('leaver@example.com'))!.userId;
    // A paid-then-failed plan (Stripe ids stay), a live socket, watchlists, the plan log.
    await deliverEvent(fx.url, localEvent('checkout.session.completed', completedSession(userId)));
    await deliverEvent(
      fx.url,
      localEvent('invoice.payment_failed', { customer: `cus_local_${userId}`, subscription: `sub_local_${userId}` }),
    );
    await new ConnectionRepository(documentClient()).add('conn-leaver-1', userId);
    // Watchlists: the default list and a named one.
    expect((await api.post('add_watchlist_tickers', { tickers: ['AAPL'] }, { token })).status).toBe(200);
    expect((await api.post('create_watchlist', { name: 'Leaving', tickers: ['MSFT'] }, { token })).status).toBe(200);
    expect((await scanApp()).some((it) => String(it.pk) === `WATCHLIST#${userId}`)).toBe(true);
    expect(await api.post('delete_user', { password: 'Brisk-Lantern-42' }, { token })).toMatchObject({
      status: 200,
      body: { alert_message: M.accountDeleted },
    });
    expect(await identity().findByEmail('leaver@example.com')).toBeNull();
    const left = (await scanApp()).filter((it) =>
      [userId, 'leaver@example.com', 'leaver_1'].some((v) => JSON.stringify(it).toLowerCase().includes(v)),
    );
    // Kept on purpose: the plan-change audit log; expiring on their own within 24 h: link tokens,
    // limit windows, the deletion mark (issue 35).
    const soon = Math.floor(Date.now() / 1000) + 24 * 3600;
    const unexpected = left.filter(
      (it) =>
        !(String(it.pk).startsWith('PLANLOG#') || (/^(TOKEN|RL|GONE)#/.test(String(it.pk)) && Number(it.ttl) <= soon)),
    );
    expect(unexpected).toEqual([]);
    expect(left.filter((it) => String(it.pk).startsWith('PLANLOG#')).length).toBeGreaterThan(0);
    expect((await login('leaver_1', 'Brisk-Lantern-42')).status).toBe(401);
    expect((await api.get('get_user_info', { token })).body.username).toBe('');
    await api.signupAndConfirm('leaver_1', 'leaver@example.com', 'Brisk-Lantern-42');
  });
});

describe('password reset', () => {
  beforeEach(() => void (process.env.RATE_LIMIT_MULTIPLIER = '100'));

  it('emailed link -> token check -> update (validated) -> single use -> new password works', async () => {
    await api.signupAndConfirm('forgetful', 'forgetful@example.com', 'Amber-Falcon-Tide-1');
    const earlier = await login('forgetful', 'Amber-Falcon-Tide-1', true);
    const before = earlier.body.token as string;
    expect((await api.get('get_user_info', { token: before })).body.username).toBe('forgetful');
    // Token times are whole seconds: this login must fall in an earlier second than the reset.
    advanceWallClock(1000);
    expect((await api.post('reset_password', { email: 'Forgetful@example.com' })).body.alert_message).toBe(M.resetSent);
    const token = (await api.lastLinkToken('forgetful@example.com', '/confirmpassword/'))!;
    const check = await api.post('get_password_token_confirmation', { token });
    expect(check).toMatchObject({ status: 200, body: { show_update_password: true, update_token: token } });
    // Opening the link twice is harmless.
    expect((await api.post('get_password_token_confirmation', { token })).status).toBe(200);

    for (const [body, message] of [
      [{ password: 'short', password_confirmation: 'short' }, M.enterPassword],
      [{ password: 'Quiet-Harbor-Moss-3', password_confirmation: 'short' }, M.confirmPassword],
      [{ password: 'Quiet-Harbor-Moss-3', password_confirmation: 'Quiet-Harbor-Moss-4' }, M.passwordsDiffer],
      [{ password: 'new\tpass12', password_confirmation: 'new\tpass12' }, M.passwordControl],
      [{ password: 'newpass123', password_confirmation: 'newpass123' }, M.passwordWeak],
    ] as const) {
      expect(await api.post('update_password', { ...body, token })).toMatchObject({
        status: 400,
        body: { alert_message: message },
      });
    }
    const ok = await api.post('update_password', {
      password: 'Quiet-Harbor-Moss-3',
      password_confirmation: 'Quiet-Harbor-Moss-3',
      token,
    });
    expect(ok).toMatchObject({ status: 200, body: { alert_message: M.passwordUpdated } });
    const reuse = await api.post('update_password', {
      password: 'Crimson-Gadget-Yak-6',
      password_confirmation: 'Crimson-Gadget-Yak-6',
      token,
    });
    expect(reuse).toMatchObject({ status: 400, body: { alert_message: M.resetLinkUsed } });
    expect(await api.post('get_password_token_confirmation', { token })).toMatchObject({
      status: 400,
      body: { alert_message: M.resetLinkUsed },
    });
    expect((await login('forgetful', 'Quiet-Harbor-Moss-3')).status).toBe(200);
    expect((await login('forgetful', 'Amber-Falcon-Tide-1')).status).toBe(401);
    // The session from before the reset has ended (the cache keeps session state for up to 1 s).
    advanceWallClock(1100);
    expect((await api.get('get_user_info', { token: before })).body.username).toBe('');
    expect(await api.post('refresh_token', { refresh_token: earlier.body.refresh_token })).toMatchObject({
      status: 401,
      body: { alert_message: M.sessionExpired },
    });
    expect(
      (
        await api.get('get_user_info', {
          token: (await login('forgetful', 'Quiet-Harbor-Moss-3')).body.token as string,
        })
      ).body.username,
    ).toBe('forgetful');
    expect((await login('forgetful', 'Crimson-Gadget-Yak-6')).status).toBe(401);
  });

  it('unknown and expired reset tokens: a clear alert, the password stays', async () => {
    expect(await api.post('get_password_token_confirmation', { token: 'nope' })).toMatchObject({
      status: 400,
      body: { alert_message: M.resetLinkInvalid },
    });
    await api.signupAndConfirm('expiring', 'expiring@example.com', 'Cobalt-Pebble-Sky-2');
    await api.post('reset_password', { email: 'expiring@example.com' });
    const token = (await api.lastLinkToken('expiring@example.com', '/confirmpassword/'))!;
    await expireLinkToken('reset', token);
    expect((await api.post('get_password_token_confirmation', { token })).body.alert_message).toBe(M.resetLinkInvalid);
    const upd = await api.post('update_password', {
      password: 'Maple-Rocket-Fern-5',
      password_confirmation: 'Maple-Rocket-Fern-5',
      token,
    });
    expect(upd).toMatchObject({ status: 400, body: { alert_message: M.resetLinkInvalid } });
    expect((await login('expiring', 'Cobalt-Pebble-Sky-2')).status).toBe(200);
  });

  it('resend and reset validate the email with the spec message', async () => {
    for (const route of ['resend_confirmation', 'reset_password']) {
      expect(await api.post(route, { email: 'a@b.c' })).toMatchObject({
        status: 400,
        body: { alert_message: M.enterEmail },
      });
      expect(await api.post(route, { email: 'not-an-email' })).toMatchObject({
        status: 400,
        body: { alert_message: M.emailFormat },
      });
    }
  });
});
