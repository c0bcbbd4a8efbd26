import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { deliverEvent, localEvent } from '../local/checkout-events.ts';
import { completedSession, loggedInUser, subscriptionObject, subsRepo } from '../local/payments-helpers.ts';
import { planVersion } from '@tapewatch/functions/domain/payments/plan-from-event';
import { setPlan } from './set-plan.ts';

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  process.env.MAIL_OUTBOX_QUIET = '1';
  process.env.RATE_LIMIT_MULTIPLIER = '100';
  rt = await startTestRuntime();
});
afterAll(() => rt?.dispose());

describe('admin subscription <email> basic|free', () => {
  it('sets the plan, logs who and why, and a later webhook still wins', async () => {
    const u = await loggedInUser(rt.url, 'comped_1');
    const at = new Date();
    expect(await setPlan(documentClient(), { email: u.email, plan: 'basic', by: 'ann', reason: 'comped' }, at)).toBe(
      `${u.email}: free -> basic (by ann: comped)`,
    );
    const info = await fetch(`${rt.url}/api/get_user_info`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(((await info.json()) as { subscription: string }).subscription).toBe('basic');
    expect(await setPlan(documentClient(), { email: u.email, plan: 'basic', by: 'ann', reason: 'again' })).toMatch(
      /already has the basic plan/,
    );
    expect(await subsRepo().planChanges(u.userId)).toEqual([
      { userId: u.userId, from: 'free', to: 'basic', by: 'ann', reason: 'comped', at: at.toISOString() },
    ]);
    // An older webhook does not undo the support change; a newer one does.
    const older = Math.floor(at.getTime() / 1000) - 60;
    await deliverEvent(
      rt.url,
      localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), older),
    );
    expect((await subsRepo().get(u.userId))?.subscription).toBe('basic');
    await deliverEvent(
      rt.url,
      localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), older + 120),
    );
    expect((await subsRepo().get(u.userId))?.subscription).toBe('free');
  });

  it('free for a Stripe subscriber cancels the subscription through the port first; without a port it is refused', async () => {
    const u = await loggedInUser(rt.url, 'payer_adm');
    await deliverEvent(rt.url, localEvent('checkout.session.completed', completedSession(u.userId)));
    const req = { email: u.email, plan: 'free', by: 'bob', reason: 'asked to stop' } as const;
    await expect(setPlan(documentClient(), req)).rejects.toThrow(`has the Stripe subscription sub_local_${u.userId}`);
    expect((await subsRepo().get(u.userId))?.subscription).toBe('basic');
    const failing = { cancelSubscription: vi.fn(async () => Promise.reject(new Error('stripe down'))) };
    await expect(setPlan(documentClient(), req, new Date(), failing)).rejects.toThrow('stripe down');
    expect((await subsRepo().get(u.userId))?.subscription).toBe('basic');
    const port = { cancelSubscription: vi.fn(async () => {}) };
    expect(await setPlan(documentClient(), req, new Date(), port)).toMatch(
      /basic -> free .*Stripe subscription sub_local_\S+ cancelled$/,
    );
    expect(port.cancelSubscription).toHaveBeenCalledWith(`sub_local_${u.userId}`);
    expect((await subsRepo().get(u.userId))?.subscription).toBe('free');
  });

  it('--force overrides a plan that a bad future-dated event pinned, logs it, and lets real events apply again', async () => {
    const u = await loggedInUser(rt.url, 'pinned_1');
    // An event dated 2099 (accepted before the webhook refused future dates) pinned "basic".
    const pinned = planVersion(Date.UTC(2099, 0, 1) / 1000, 1);
    expect(await subsRepo().apply(u.userId, { subscription: 'basic', subscriptionVersion: pinned })).toBe(true);
    const req = { email: u.email, plan: 'free', by: 'ann', reason: 'fraudulent upgrade' } as const;
    await expect(setPlan(documentClient(), req)).rejects.toThrow(/newer payment event .*--force overrides it/);
    const line = await setPlan(documentClient(), { ...req, force: true });
    expect(line).toMatch(/basic -> free .*forced over plan version \d+ dated 2099-01-01T00:00:00.000Z/);
    const stored = await subsRepo().get(u.userId);
    expect(stored?.subscription).toBe('free');
    expect(stored!.subscriptionVersion!).toBeLessThan(pinned);
    expect((await subsRepo().planChanges(u.userId)).at(-1)).toMatchObject({
      from: 'basic',
      to: 'free',
      by: 'ann',
      reason: expect.stringContaining('forced over plan version'),
    });
    // A genuine payment after the override applies again (admin changes outrank events of their own second).
    await deliverEvent(
      rt.url,
      localEvent('checkout.session.completed', completedSession(u.userId), Math.floor(Date.now() / 1000) + 2),
    );
    expect((await subsRepo().get(u.userId))?.subscription).toBe('basic');
  });

  it('an unknown email changes nothing', async () => {
    await expect(
      setPlan(documentClient(), { email: 'nobody@example.com', plan: 'basic', by: 'ann', reason: 'x' }),
    ).rejects.toThrow('No account with the email nobody@example.com.');
  });
});
