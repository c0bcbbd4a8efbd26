import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { deliverEvent, localEvent } from '../local/checkout-events.ts';
import { loggedInUser, subscriptionObject, subsRepo } from '../local/payments-helpers.ts';
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
    expect(await setPlan(documentClient(), { email: u.email, plan: 'basic', by: 'ann', reason: 'again' })).toMatch(/already has the basic plan/);
    expect(await subsRepo().planChanges(u.userId)).toEqual([{ userId: u.userId, from: 'free', to: 'basic', by: 'ann', reason: 'comped', at: at.toISOString() }]);
    // An older webhook does not undo the support change; a newer one does.
    const older = Math.floor(at.getTime() / 1000) - 60;
    await deliverEvent(rt.url, localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), older));
    expect((await subsRepo().get(u.userId))?.subscription).toBe('basic');
    await deliverEvent(rt.url, localEvent('customer.subscription.deleted', subscriptionObject(u.userId, 'canceled'), older + 120));
    expect((await subsRepo().get(u.userId))?.subscription).toBe('free');
  });

  it('an unknown email changes nothing', async () => {
    await expect(setPlan(documentClient(), { email: 'nobody@example.com', plan: 'basic', by: 'ann', reason: 'x' })).rejects.toThrow('No account with the email nobody@example.com.');
  });
});
