import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, RESEND_CONFIRMATION_ACTION } from '@tapewatch/shared/schemas/accounts';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@tapewatch/functions/data/client';
import { appKeys } from '@tapewatch/functions/data/keys';
import { tableName } from '@tapewatch/functions/data/tables';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { verifyCheckoutTicket } from '@tapewatch/functions/domain/accounts/secrets';
import { identity } from '@tapewatch/functions/platform/identity';
import { ACCOUNT_TESTS, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { expireLinkToken } from './accounts-helpers.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { completedSession, subsRepo } from './payments-helpers.ts';

// Limits have their own tests (accounts-session); here one source signs up many accounts.
const fx = useIntegrationRuntime(ACCOUNT_TESTS);
const api = fx.accounts;

const form = (username: string, email: string, password = 'Brisk-Lantern-42', extra: object = {}) => ({
  username,
  email,
  password,
  password_confirmation: password,
  ...extra,
});

describe('submit_signup validation (spec part 2 section 5, in order)', () => {
  it.each([
    [{ username: 'abcd', email: 'a', password: '1', password_confirmation: '1' }, M.enterUsername],
    [{ username: 'abcde', email: 'a@b.co', password: '1', password_confirmation: '1' }, M.enterEmail],
    [{ username: 'abcde', email: 'ann@b.co', password: 'short', password_confirmation: '1' }, M.enterPassword],
    [
      { username: 'abcde', email: 'ann@b.co', password: 'Velvet-Canyon-88', password_confirmation: 'short' },
      M.confirmPassword,
    ],
    [
      { username: 'abcde', email: 'ann@b.co', password: 'Velvet-Canyon-88', password_confirmation: 'Velvet-Canyon-89' },
      M.passwordsDiffer,
    ],
    [
      {
        username: 'bad name',
        email: 'ann@b.co',
        password: 'Velvet-Canyon-88',
        password_confirmation: 'Velvet-Canyon-88',
      },
      M.usernameFormat,
    ],
    [
      {
        username: 'a'.repeat(21),
        email: 'ann@b.co',
        password: 'Velvet-Canyon-88',
        password_confirmation: 'Velvet-Canyon-88',
      },
      M.usernameFormat,
    ],
    [
      {
        username: 'abcde',
        email: 'ann@@b.co',
        password: 'Velvet-Canyon-88',
        password_confirmation: 'Velvet-Canyon-88',
      },
      M.emailFormat,
    ],
    [
      { username: 'abcde', email: 'ann@b.co', password: 'has\ttab-1', password_confirmation: 'has\ttab-1' },
      M.passwordControl,
    ],
    [
      { username: 'abcde', email: 'ann@b.co', password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) },
      M.passwordFormat,
    ],
    [
      { username: 'abcde', email: 'ann@b.co', password: 'secret123', password_confirmation: 'secret123' },
      M.passwordWeak,
    ],
    [{}, M.enterUsername],
  ])('%o -> %s', async (body, message) => {
    const r = await api.post('submit_signup', body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ alert_show: true, alert_message: message });
  });

  it('rejects unknown plans, unknown fields and credentials in the query string', async () => {
    const plan = await api.post(
      'submit_signup',
      form('planner1', 'planner1@example.com', 'Brisk-Lantern-42', { selected_subscription: 'gold' }),
    );
    expect(plan.status).toBe(400);
    expect(plan.body.alert_message).toBe("Invalid value for 'selected_subscription': expected one of free, basic.");
    const extra = await api.post(
      'submit_signup',
      form('planner1', 'planner1@example.com', 'Brisk-Lantern-42', { admin: true }),
    );
    expect(extra.body.alert_message).toBe("Unknown field 'admin'.");
    const query = await api.post('submit_signup', form('planner1', 'planner1@example.com'), {
      query: 'password=Brisk-Lantern-42',
    });
    expect(query.status).toBe(400);
    expect(query.body.alert_message).toBe(`${M.credentialsInUrl}.`);
    expect(await api.outbox()).not.toContainEqual(expect.objectContaining({ to: 'planner1@example.com' }));
  });
});

describe('sign-up, confirmation, login', () => {
  it('registers (free plan), emails a single-use link, confirms, then logs in by username or email', async () => {
    const r = await api.post('submit_signup', form('Trader_01', 'Trader01@Example.com'));
    expect(r).toMatchObject({ status: 200, body: { alert_show: true, alert_message: M.signupSuccess } });
    expect(r.body.checkout_ticket).toBeUndefined();
    const token = await api.lastLinkToken('trader01@example.com', '/confirm/');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const early = await api.post('submit_login', {
      username_or_email: 'Trader_01',
      password: 'Brisk-Lantern-42',
      remember: false,
    });
    expect(early).toMatchObject({
      status: 403,
      body: { alert_message: M.notConfirmed, alert_action: RESEND_CONFIRMATION_ACTION },
    });

    expect(await api.post('get_token_confirmation', { token })).toMatchObject({
      status: 200,
      body: { alert_message: M.accountConfirmed },
    });
    // A second click on the same link changes nothing and says so.
    expect(await api.post('get_token_confirmation', { token })).toMatchObject({
      status: 200,
      body: { alert_message: M.alreadyConfirmed },
    });

    const byName = await api.post('submit_login', {
      username_or_email: 'trader_01',
      password: 'Brisk-Lantern-42',
      remember: false,
    });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ alert_show: true, alert_message: M.loginSuccess });
    expect(byName.body.refresh_token).toBeUndefined();
    expect(byName.body.expires_in).toBeGreaterThan(60);
    const info = await api.get('get_user_info', { token: byName.body.token as string });
    expect(info.body).toEqual({ username: 'Trader_01', email: 'trader01@example.com', subscription: 'free' });

    const byEmail = await api.post('submit_login', {
      username_or_email: 'TRADER01@example.com',
      password: 'Brisk-Lantern-42',
      remember: true,
    });
    expect(byEmail.status).toBe(200);
    expect(typeof byEmail.body.refresh_token).toBe('string');
  });

  it('Basic plan: the message adds the Stripe sentence and a signed ticket bound to the new user', async () => {
    const r = await api.post(
      'submit_signup',
      form('basic_buyer', 'buyer@example.com', 'Brisk-Lantern-42', { selected_subscription: 'basic' }),
    );
    expect(r.body.alert_message).toBe(`${M.signupSuccess} ${M.signupCheckout}`);
    const ticket = verifyCheckoutTicket(
      r.body.checkout_ticket as string,
      process.env.CHECKOUT_TICKET_SECRET!,
      new Date(),
    );
    const user = await identity().findByEmail('buyer@example.com');
    expect(ticket).toMatchObject({ userId: user!.userId, email: 'buyer@example.com' });
    expect(ticket!.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);
    expect(
      verifyCheckoutTicket(`${r.body.checkout_ticket as string}x`, process.env.CHECKOUT_TICKET_SECRET!, new Date()),
    ).toBeNull();
    expect(
      verifyCheckoutTicket(
        r.body.checkout_ticket as string,
        process.env.CHECKOUT_TICKET_SECRET!,
        new Date(Date.now() + 16 * 60_000),
      ),
    ).toBeNull();
  });

  it('username and email are unique (case-insensitive); a repeated identical signup sends no second email', async () => {
    await api.signupAndConfirm('unique_1', 'unique1@example.com', 'Brisk-Lantern-42');
    const sameName = await api.post('submit_signup', form('UNIQUE_1', 'other1@example.com'));
    expect(sameName).toMatchObject({ status: 409, body: { alert_message: M.usernameTaken } });
    // A taken email is not revealed (issue 18.8): the answer of a fresh sign-up, and the owner is told by email.
    const sameEmail = await api.post('submit_signup', form('unique_2', 'Unique1@example.com'));
    expect(sameEmail).toMatchObject({ status: 200, body: { alert_message: M.signupSuccess } });
    expect((await api.outbox())[0]).toMatchObject({
      to: 'unique1@example.com',
      subject: 'Someone tried to sign up to Tapewatch with your email address',
    });
    expect(await new UsersRepository(documentClient()).getUsernameClaim('unique_2')).toBeNull();

    const first = await api.post('submit_signup', form('twice_me', 'twice@example.com'));
    const again = await api.post('submit_signup', form('twice_me', 'twice@example.com'));
    expect(again).toEqual({ ...first, headers: again.headers });
    const mails = (await api.outbox()).filter((m) => m.to === 'twice@example.com');
    expect(mails).toHaveLength(1);
    const u = await identity().findByEmail('twice@example.com');
    expect(u?.confirmed).toBe(false);
  });

  it('unknown and expired confirmation tokens give a clear alert and change nothing', async () => {
    const unknown = await api.post('get_token_confirmation', { token: 'not-a-real-token' });
    expect(unknown).toMatchObject({ status: 400, body: { alert_message: M.confirmLinkInvalid } });
    await api.post('submit_signup', form('late_user', 'late@example.com'));
    const token = (await api.lastLinkToken('late@example.com', '/confirm/'))!;
    await expireLinkToken('confirm', token);
    expect(await api.post('get_token_confirmation', { token })).toMatchObject({
      status: 400,
      body: { alert_message: M.confirmLinkInvalid },
    });
    expect((await identity().findByEmail('late@example.com'))?.confirmed).toBe(false);
  });
});

describe('retry-safe sign-up (a crash between steps)', () => {
  it('a username claim left without a user: the same email signs up again', async () => {
    await new UsersRepository(documentClient()).claimUsername('crash_one', 'crash1@example.com', new Date());
    const r = await api.post('submit_signup', form('crash_one', 'crash1@example.com'));
    expect(r.status).toBe(200);
    await api.post('get_token_confirmation', { token: await api.lastLinkToken('crash1@example.com', '/confirm/') });
    expect(
      (await api.post('submit_login', { username_or_email: 'crash_one', password: 'Brisk-Lantern-42' })).status,
    ).toBe(200);
  });

  it('an abandoned claim of another email frees the username after 10 minutes, not before', async () => {
    const users = new UsersRepository(documentClient());
    await users.claimUsername('orphan_nm', 'ghost@example.com', new Date());
    expect((await api.post('submit_signup', form('orphan_nm', 'heir@example.com'))).status).toBe(409);
    await users.claimUsername('orphan_nm', 'ghost@example.com', new Date(Date.now() - 11 * 60_000));
    expect((await api.post('submit_signup', form('orphan_nm', 'heir@example.com'))).status).toBe(200);
  });

  it('a Cognito user without profile (crash after step 2): signing up again, even with a new password, completes it', async () => {
    await new UsersRepository(documentClient()).claimUsername('half_done', 'half@example.com', new Date());
    await identity().signUp('half@example.com', 'Saffron-Meadow-Owl-1', 'half_done');
    const r = await api.post('submit_signup', form('half_done', 'half@example.com', 'Saffron-Meadow-Owl-2'));
    expect(r.status).toBe(200);
    await api.post('get_token_confirmation', { token: await api.lastLinkToken('half@example.com', '/confirm/') });
    expect(
      (await api.post('submit_login', { username_or_email: 'half_done', password: 'Saffron-Meadow-Owl-2' })).status,
    ).toBe(200);
    expect(
      (await api.post('submit_login', { username_or_email: 'half_done', password: 'Saffron-Meadow-Owl-1' })).status,
    ).toBe(401);
  });

  it('the same crash, repaired by "Resend confirmation" instead of a new signup', async () => {
    await new UsersRepository(documentClient()).claimUsername('resender', 'resend-fix@example.com', new Date());
    await identity().signUp('resend-fix@example.com', 'Brisk-Lantern-42', 'resender');
    expect((await api.post('resend_confirmation', { email: 'resend-fix@example.com' })).body.alert_message).toBe(
      M.confirmationSent,
    );
    await api.post('get_token_confirmation', { token: await api.lastLinkToken('resend-fix@example.com', '/confirm/') });
    const login = await api.post('submit_login', { username_or_email: 'resender', password: 'Brisk-Lantern-42' });
    expect(login.status).toBe(200);
    expect((await api.get('get_user_info', { token: login.body.token as string })).body.username).toBe('resender');
  });
});

describe('a pending (unconfirmed) account is never taken over by another sign-up', () => {
  const users = () => new UsersRepository(documentClient());
  const userIdOf = async (email: string) => (await identity().findByEmail(email))!.userId;
  const pay = (userId: string) =>
    deliverEvent(fx.url, localEvent('checkout.session.completed', completedSession(userId)));
  const backdate = (userId: string, hours: number) =>
    documentClient().send(
      new UpdateCommand({
        TableName: tableName('app'),
        Key: appKeys.userProfile(userId),
        UpdateExpression: 'SET createdAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - hours * 3600_000).toISOString() },
      }),
    );

  it('another password gets the "already registered" answer and changes nothing; the owner recovers by reset', async () => {
    expect(
      (await api.post('submit_signup', form('pending_a', 'pend-a@example.com', 'Ivory-Tundra-Kite-7'))).status,
    ).toBe(200);
    const userId = await userIdOf('pend-a@example.com');
    const mails = (await api.outbox()).length;
    const otherName = await api.post('submit_signup', form('pending_b', 'Pend-A@example.com', 'Rogue-Walnut-Cipher-3'));
    const sameName = await api.post('submit_signup', form('pending_a', 'pend-a@example.com', 'Rogue-Walnut-Cipher-3'));
    for (const r of [otherName, sameName])
      expect(r).toMatchObject({ status: 200, body: { alert_show: true, alert_message: M.signupSuccess } });
    expect(await userIdOf('pend-a@example.com')).toBe(userId);
    expect(await users().getProfile(userId)).toMatchObject({ username: 'pending_a', confirmed: false });
    expect(await users().getUsernameClaim('pending_b')).toBeNull();
    // No confirmation link went out: only the owner's "someone tried to sign up" notices.
    const sent = (await api.outbox()).slice(0, (await api.outbox()).length - mails);
    expect(sent.map((m) => [m.to, m.link?.includes('/confirm/') ?? false])).toEqual([
      ['pend-a@example.com', false],
      ['pend-a@example.com', false],
    ]);
    // The owner who forgot the password: reset link -> new password (which also confirms) -> login.
    await api.post('reset_password', { email: 'pend-a@example.com' });
    const token = await api.lastLinkToken('pend-a@example.com', '/confirmpassword/');
    expect(
      (
        await api.post('update_password', {
          password: 'Ivory-Tundra-Kite-8',
          password_confirmation: 'Ivory-Tundra-Kite-8',
          token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api.post('submit_login', { username_or_email: 'pending_a', password: 'Ivory-Tundra-Kite-8' })).status,
    ).toBe(200);
  });

  it('a Basic sign-up that paid before confirming keeps its account and plan, whoever signs up again', async () => {
    const first = await api.post(
      'submit_signup',
      form('paid_pend', 'paid-pend@example.com', 'Ivory-Tundra-Kite-7', { selected_subscription: 'basic' }),
    );
    expect(first.status).toBe(200);
    const userId = await userIdOf('paid-pend@example.com');
    await pay(userId);
    const paid = await subsRepo().get(userId);
    expect(paid).toMatchObject({ subscription: 'basic', stripeSubscriptionId: `sub_local_${userId}` });
    // Even its own password cannot redo it under another username: the subscription is bound to this id.
    for (const [name, password] of [
      ['paid_pend2', 'Ivory-Tundra-Kite-7'],
      ['paid_pend3', 'Rogue-Walnut-Cipher-3'],
      ['paid_pend', 'Rogue-Walnut-Cipher-3'],
    ] as const) {
      expect(await api.post('submit_signup', form(name, 'paid-pend@example.com', password))).toMatchObject({
        status: 200,
        body: { alert_message: M.signupSuccess },
      });
    }
    expect(await userIdOf('paid-pend@example.com')).toBe(userId);
    expect(await subsRepo().get(userId)).toEqual(paid);
    // The exact repeat is still the idempotent success.
    expect(
      (
        await api.post(
          'submit_signup',
          form('paid_pend', 'paid-pend@example.com', 'Ivory-Tundra-Kite-7', { selected_subscription: 'basic' }),
        )
      ).status,
    ).toBe(200);
    expect(await userIdOf('paid-pend@example.com')).toBe(userId);
  });

  it('its creator (same password) may redo an unpaid pending sign-up under another username', async () => {
    await api.post('submit_signup', form('typo_nme', 'redo@example.com', 'Ivory-Tundra-Kite-7'));
    const r = await api.post('submit_signup', form('right_name', 'redo@example.com', 'Ivory-Tundra-Kite-7'));
    expect(r.status).toBe(200);
    expect(await users().getUsernameClaim('typo_nme')).toBeNull();
    expect((await users().getProfile(await userIdOf('redo@example.com')))?.username).toBe('right_name');
  });

  it('a username held by a pending account for over a day is released, unless that account paid', async () => {
    await api.post('submit_signup', form('stale_free', 'stale-free@example.com'));
    await backdate(await userIdOf('stale-free@example.com'), 25);
    expect((await api.post('submit_signup', form('stale_free', 'new-owner1@example.com'))).status).toBe(200);
    expect(await identity().findByEmail('stale-free@example.com')).toBeNull();

    await api.post(
      'submit_signup',
      form('stale_paid', 'stale-paid@example.com', 'Brisk-Lantern-42', { selected_subscription: 'basic' }),
    );
    const userId = await userIdOf('stale-paid@example.com');
    await pay(userId);
    await backdate(userId, 25);
    expect(await api.post('submit_signup', form('stale_paid', 'new-owner2@example.com'))).toMatchObject({
      status: 409,
      body: { alert_message: M.usernameTaken },
    });
    expect(await userIdOf('stale-paid@example.com')).toBe(userId);
    expect((await subsRepo().get(userId))?.subscription).toBe('basic');
  });
});
