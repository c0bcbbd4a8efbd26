import { describe, expect, it, vi } from 'vitest';
import type { PlanChange, StoredSubscription, SubscriptionsRepository } from '../../data/subscriptions-repository.ts';
import { applyPaymentEvent } from './apply-event.ts';

const PRICE = 'price_basic';

/** An in-memory stand-in for the repository: one user u1. */
function memorySubs(initial: StoredSubscription) {
  let stored = { ...initial };
  const log: PlanChange[] = [];
  const repo = {
    isEventProcessed: async () => false,
    markEventProcessed: async () => {},
    userIdForCustomer: async () => 'u1',
    get: async () => ({ ...stored }),
    apply: async (_u: string, change: StoredSubscription) => {
      stored = { ...stored, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
      return true;
    },
    linkCustomer: async () => {},
    logPlanChange: async (c: PlanChange) => void log.push(c),
  };
  return { repo: repo as unknown as SubscriptionsRepository, log, stored: () => stored };
}

const checkout = (subscription: string) => ({
  id: `evt_${subscription}`,
  type: 'checkout.session.completed',
  created: 1_700_000_100,
  data: {
    object: {
      mode: 'subscription',
      client_reference_id: 'u1',
      customer: 'cus_1',
      subscription,
      payment_status: 'paid',
    },
  },
});

describe('applyPaymentEvent: a second paid subscription of one user', () => {
  it('ends the second one while the stored one is still billed, keeps the stored id and flags the refund', async () => {
    const subs = memorySubs({
      subscription: 'basic',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      subscriptionVersion: 1,
    });
    const port = { cancelSubscription: vi.fn(async () => {}), subscriptionStatus: vi.fn(async () => 'active') };
    expect(await applyPaymentEvent(subs.repo, checkout('sub_2'), PRICE, new Date(), port)).toBe(
      'duplicate-subscription',
    );
    expect(port.subscriptionStatus).toHaveBeenCalledWith('sub_1');
    expect(port.cancelSubscription).toHaveBeenCalledWith('sub_2');
    expect(subs.stored()).toMatchObject({ subscription: 'basic', stripeSubscriptionId: 'sub_1' });
    expect(subs.log).toEqual([
      expect.objectContaining({
        from: 'basic',
        to: 'basic',
        by: 'stripe',
        reason: expect.stringContaining('second subscription sub_2 cancelled'),
      }),
    ]);
  });

  it('a new subscription after the stored one ended at the provider is applied normally', async () => {
    const subs = memorySubs({
      subscription: 'basic',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      subscriptionVersion: 1,
    });
    const port = { cancelSubscription: vi.fn(async () => {}), subscriptionStatus: vi.fn(async () => 'canceled') };
    expect(await applyPaymentEvent(subs.repo, checkout('sub_2'), PRICE, new Date(), port)).toBe('applied');
    expect(port.cancelSubscription).not.toHaveBeenCalled();
    expect(subs.stored().stripeSubscriptionId).toBe('sub_2');
  });

  it('a free user paying again (after a cancellation) is not a duplicate', async () => {
    const subs = memorySubs({
      subscription: 'free',
      stripeCustomerId: 'cus_1',
      stripeSubscriptionId: 'sub_1',
      subscriptionVersion: 1,
    });
    const port = { cancelSubscription: vi.fn(async () => {}), subscriptionStatus: vi.fn(async () => 'active') };
    expect(await applyPaymentEvent(subs.repo, checkout('sub_2'), PRICE, new Date(), port)).toBe('applied');
    expect(port.cancelSubscription).not.toHaveBeenCalled();
    expect(subs.stored()).toMatchObject({ subscription: 'basic', stripeSubscriptionId: 'sub_2' });
  });
});
