import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { PAYMENT_MESSAGES as P } from '@tapewatch/shared/schemas/payments';
import { ACCOUNT_TESTS, useIntegrationRuntime } from '../test/integration-runtime.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { localWebhookSecret } from './local-secrets.ts';
import { completedSession, loggedInUser, subscriptionObject, subsRepo } from './payments-helpers.ts';

const fx = useIntegrationRuntime(ACCOUNT_TESTS);
const api = fx.accounts;

const plan = async (userId: string) => (await subsRepo().get(userId))?.subscription;
const t0 = Math.floor(Date.now() / 1000);

describe('stripe_webhook signature', () => {
  it('rejects unsigned, forged and tampered events with 400 and stores nothing', async () => {
    const u = await loggedInUser(fx.url, 'forged_1');
    const event = localEvent('checkout.session.completed', completedSession(u.userId));
    const payload = JSON.stringify(event);
    const post = (headers: Record<string, string>, body = payload) =>
      fetch(`${fx.url}/api/stripe_webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const unsigned = await post({});
    const forged = await post({
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
    });
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: process.env.STRIPE_WEBHOOK_SECRET! });
    const tampered = await post({ 'stripe-signature': good }, payload.replace('"paid"', '"paid" '));
    for (const r of [unsigned, forged, tampered]) {
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({ alert_show: true, alert_message: P.badSignature });
    }
    expect(await plan(u.userId)).toBe('free');
    expect(await subsRepo().isEventProcessed(event.id)).toBe(false);
  });
});

describe('stripe_webhook: the local secret and the event envelope', () => {
  it('the constant the repository used to hold signs nothing: a free "paid" checkout is refused', async () => {
    const u = await loggedInUser(fx.url, 'constant_1');
    const event = localEvent('checkout.session.completed', completedSession(u.userId));
    const r = await deliverEvent(fx.url, event, 'whsec_local_tapewatch');
    expect(r).toEqual({ status: 400, body: { alert_show: true, alert_message: P.badSignature } });
    expect(await plan(u.userId)).toBe('free');
  });

  it('the secret is random per data directory and kept there', () => {
    const kept = readFileSync(join(fx.rt.dataDir, 'stripe-webhook-secret'), 'utf8').trim();
    expect(kept).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(process.env.STRIPE_WEBHOOK_SECRET).toBe(kept);
    expect(localWebhookSecret(fx.rt.dataDir)).toBe(kept);
    const other = mkdtempSync(join(tmpdir(), 'tapewatch-secret-'));
    try {
      expect(localWebhookSecret(other)).not.toBe(kept);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('a validly signed body that is not a well-formed event gets 400, never 500, and changes nothing', async () => {
    const u = await loggedInUser(fx.url, 'envelope_1');
    const good = localEvent('checkout.session.completed', completedSession(u.userId));
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { ...good, created: 1e20 },
      { ...good, created: '1710000000' },
      { ...good, created: 1.5e9 + 0.5 },
      { ...good, id: 42 },
      { ...good, type: null },
      { ...good, data: null },
      { ...good, data: { object: 'paid' } },
    ];
    for (const body of bodies) {
      const r = await deliverEvent(fx.url, body as object);
      expect(r, JSON.stringify(body).slice(0, 80)).toEqual({
        status: 400,
        body: { alert_show: true, alert_message: P.badEvent },
      });
    }
    // NaN is not JSON: Stripe's parser refuses the body as it refuses a bad signature.
    const nan = JSON.stringify(good).replace(/"created":\d+/, '"created":NaN');
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: nan,
      secret: process.env.STRIPE_WEBHOOK_SECRET!,
    });
    const r = await fetch(`${fx.url}/api/stripe_webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signature },
      body: nan,
    });
    expect(r.status).toBe(400);
    expect(await plan(u.userId)).toBe('free');
  });

  it('a signed subscription event whose items are not a list gets 400, never 500, and changes nothing', async () => {
    const u = await loggedInUser(fx.url, 'items_shape_1');
    const malformed: unknown[] = [
      { object: 'list', data: 'price_basic' },
      { object: 'list', data: { 0: { price: { id: 'x' } } } },
      { object: 'list', data: [null] },
      { object: 'list', data: [{ price: 7 }] },
      'not-an-object',
      [],
    ];
    for (const items of malformed) {
      const event = localEvent('customer.subscription.updated', subscriptionObject(u.userId, 'active', { items }));
      const r = await deliverEvent(fx.url, event);
      expect(r, JSON.stringify(items)).toEqual({ status: 400, body: { alert_show: true, alert_message: P.badEvent } });
      expect(await subsRepo().isEventProcessed(event.id)).toBe(false);
    }
    expect(await plan(u.userId)).toBe('free');
  });

  it('an event dated more than 5 minutes ahead is refused, so it cannot pin the plan against later events', async () => {
    const u = await loggedInUser(fx.url, 'future_1');
    const now = Math.floor(Date.now() / 1000);
    const ahead = localEvent('checkout.session.completed', completedSession(u.userId), now + 6 * 60);
    expect(await deliverEvent(fx.url, ahead)).toEqual({
      status: 400,
      body: { alert_show: true, alert_message: P.futureEvent },
    });
    expect(await subsRepo().isEventProcessed(ahead.id)).toBe(false);
    // Within the tolerated clock skew it applies.
    const skewed = localEvent('checkout.session.completed', completedSession(u.userId), now + 60);
    expect((await deliverEvent(fx.url, skewed)).body.outcome).toBe('applied');
    expect(await plan(u.userId)).toBe('basic');
  });
});

describe('stripe_webhook events', () => {
  it('checkout.session.completed links the payment by client_reference_id and grants basic', async () => {
    const u = await loggedInUser(fx.url, 'checkout_1');
    const r = await deliverEvent(fx.url, localEvent('checkout.session.completed', completedSession(u.userId), t0));
    expect(r).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await subsRepo().get(u.userId)).toMatchObject({
      subscription: 'basic',
      stripeCustomerId: `cus_local_${u.userId}`,
      stripeSubscriptionId: `sub_local_${u.userId}`,
    });
    expect(await subsRepo().userIdForCustomer(`cus_local_${u.userId}`)).toBe(u.userId);
    expect((await api.get('get_user_info', { token: u.token })).body.subscription).toBe('basic');
    expect(await subsRepo().planChanges(u.userId)).toEqual([
      expect.objectContaining({ from: 'free', to: 'basic', by: 'stripe' }),
    ]);
  });

  it('an unpaid checkout grants nothing', async () => {
    const u = await loggedInUser(fx.url, 'unpaid_1');
    const r = await deliverEvent(
      fx.url,
      localEvent('checkout.session.completed', completedSession(u.userId, { payment_status: 'unpaid' })),
    );
    expect(r.body.outcome).toBe('ignored');
    expect(await plan(u.userId)).toBe('free');
  });

  it('subscription created/updated/deleted and invoice.payment_failed map to basic/free', async () => {
    const u = await loggedInUser(fx.url, 'lifecycle_1');
    const steps: Array<[string, Record<string, unknown>, string]> = [
      ['customer.subscription.created', subscriptionObject(u.userId, 'active'), 'basic'],
      ['customer.subscription.updated', subscriptionObject(u.userId, 'past_due'), 'free'],
      ['customer.subscription.updated', subscriptionObject(u.userId, 'active'), 'basic'],
      [
        'invoice.payment_failed',
        {
          object: 'invoice',
          customer: `cus_local_${u.userId}`,
          parent: { subscription_details: { subscription: `sub_local_${u.userId}` } },
        },
        'free',
      ],
      ['customer.subscription.updated', subscriptionObject(u.userId, 'active'), 'basic'],
      ['customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), 'free'],
    ];
    for (const [i, [type, object, expected]] of steps.entries()) {
      const r = await deliverEvent(fx.url, localEvent(type, object, t0 + i));
      expect(r.status, type).toBe(200);
      expect(await plan(u.userId), `${type} #${i}`).toBe(expected);
    }
  });

  it('replays are acknowledged and change nothing; older events never overwrite newer ones', async () => {
    const u = await loggedInUser(fx.url, 'reorder_1');
    const created = localEvent('customer.subscription.created', subscriptionObject(u.userId, 'active'), t0);
    const deleted = localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), t0 + 5);
    // Delivered out of order: the cancellation first, then the older creation.
    expect((await deliverEvent(fx.url, deleted)).body.outcome).toBe('applied');
    expect((await deliverEvent(fx.url, created)).body.outcome).toBe('stale');
    expect(await plan(u.userId)).toBe('free');
    // Replay of both.
    expect((await deliverEvent(fx.url, created)).body.outcome).toBe('duplicate');
    expect((await deliverEvent(fx.url, deleted)).body.outcome).toBe('duplicate');
    expect(await plan(u.userId)).toBe('free');
    // A cancel and a renewal in the same second: the cancel wins whatever the arrival order.
    const renew = localEvent('customer.subscription.updated', subscriptionObject(u.userId, 'active'), t0 + 9);
    const cancel = localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), t0 + 9);
    await deliverEvent(fx.url, cancel);
    await deliverEvent(fx.url, renew);
    expect(await plan(u.userId)).toBe('free');
  });

  it('the end of an older subscription does not cancel the current one', async () => {
    const u = await loggedInUser(fx.url, 'resub_1');
    await deliverEvent(
      fx.url,
      localEvent('checkout.session.completed', completedSession(u.userId, { subscription: 'sub_new' }), t0),
    );
    const r = await deliverEvent(
      fx.url,
      localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled', { id: 'sub_old' }), t0 + 1),
    );
    expect(r.body.outcome).toBe('stale');
    expect(await plan(u.userId)).toBe('basic');
  });

  it('rejects an unknown price id with a clear 400 and no state change', async () => {
    const u = await loggedInUser(fx.url, 'price_1');
    const r = await deliverEvent(
      fx.url,
      localEvent(
        'customer.subscription.created',
        subscriptionObject(u.userId, 'active', { items: { data: [{ price: { id: 'price_gold' } }] } }),
      ),
    );
    expect(r).toEqual({
      status: 400,
      body: { alert_show: true, alert_message: "Unknown price id 'price_gold': only the Basic plan is sold." },
    });
    expect(await plan(u.userId)).toBe('free');
  });
});

describe('checkoutsession and manage_subscription', () => {
  it('anonymous callers are told to sign up first', async () => {
    const r = await api.post('checkoutsession', {});
    expect(r).toMatchObject({ status: 401, body: { alert_show: true, alert_message: P.signUpFirst } });
    const bad = await api.post('checkoutsession', {}, { token: 'not-a-token' });
    expect(bad.status).toBe(401);
  });

  it('a free user gets a hosted checkout URL; paying there makes the user basic; a second checkout is 409', async () => {
    const u = await loggedInUser(fx.url, 'paynow_1');
    const r = await api.post('checkoutsession', undefined, { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.url).toBe(`${fx.url}/dev/checkout/${r.body.sessionId as string}`);
    const pageHtml = await (await fetch(r.body.url as string)).text();
    expect(pageHtml).toContain('$39.00');
    expect(pageHtml).toContain(u.email);
    const wrongCode = await fetch(`${r.body.url as string}/pay`, {
      method: 'POST',
      body: 'promo=NOPE',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(wrongCode.status).toBe(400);
    expect(await plan(u.userId)).toBe('free');
    // Apply shows the discounted first month and keeps the code for Pay; it charges nothing.
    const applied = await fetch(`${r.body.url as string}/apply`, {
      method: 'POST',
      body: 'promo=flow50',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const appliedHtml = await applied.text();
    expect(applied.status).toBe(200);
    expect(appliedHtml).toContain('<s>$39.00</s> <strong>$19.50</strong> the first month with FLOW50 (50% off)');
    expect(appliedHtml).toContain('value="FLOW50"');
    expect(await plan(u.userId)).toBe('free');
    const pay = await fetch(`${r.body.url as string}/pay`, {
      method: 'POST',
      body: 'promo=flow50',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toMatch(/\/subscriptionsuccess$/);
    expect(await plan(u.userId)).toBe('basic');
    const again = await api.post('checkoutsession', {}, { token: u.token });
    expect(again).toMatchObject({ status: 409, body: { alert_message: P.alreadyBasic } });

    // Manage -> portal -> Cancel subscription -> free.
    const manage = await api.post('manage_subscription', undefined, { token: u.token });
    expect(manage.status).toBe(200);
    const portal = manage.body.sessionURL as string;
    expect(await (await fetch(portal)).text()).toContain('Cancel subscription');
    const cancelUrl = portal.replace(/\?/, '/cancel?');
    const cancel = await fetch(cancelUrl, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toMatch(/\/profile\?from=billing$/);
    expect(await plan(u.userId)).toBe('free');
  });

  it('the Basic sign-up ticket starts a checkout for that account only', async () => {
    const s = await api.post('submit_signup', {
      username: 'ticket_1',
      email: 'ticket_1@example.com',
      password: 'Brisk-Lantern-42',
      password_confirmation: 'Brisk-Lantern-42',
      selected_subscription: 'basic',
    });
    const ticket = s.body.checkout_ticket as string;
    expect(ticket).toBeTruthy();
    const ok = await api.post('checkoutsession', { email: 'ticket_1@example.com', checkout_ticket: ticket });
    expect(ok.status).toBe(200);
    expect(ok.body.sessionId).toMatch(/^cs_local_/);
    const otherEmail = await api.post('checkoutsession', { email: 'someone@example.com', checkout_ticket: ticket });
    expect(otherEmail).toMatchObject({ status: 401, body: { alert_message: P.badTicket } });
    const forged = await api.post('checkoutsession', { email: 'ticket_1@example.com', checkout_ticket: `${ticket}x` });
    expect(forged.status).toBe(401);
    const extra = await api.post('checkoutsession', { email: 'ticket_1@example.com', plan: 'gold' });
    expect(extra.status).toBe(400);
  });

  it('manage_subscription without a paid subscription is a clear 409; anonymous is 401', async () => {
    const u = await loggedInUser(fx.url, 'nomanage_1');
    expect(await api.post('manage_subscription', undefined, { token: u.token })).toMatchObject({
      status: 409,
      body: { alert_message: P.noSubscription },
    });
    expect((await api.post('manage_subscription')).status).toBe(401);
  });
});
