import { describe, expect, it, vi } from 'vitest';
import type { StoredSubscription } from '../../data/subscriptions-repository.ts';
import { cancelActiveSubscription } from './cancel-on-delete.ts';

const subs = (s: StoredSubscription | null) => ({ get: async () => s });

describe('cancelActiveSubscription', () => {
  it.each([
    ['a basic user', { subscription: 'basic', stripeSubscriptionId: 'sub_9' }],
    // invoice.payment_failed made the plan free, but Stripe keeps retrying the charge.
    ['a free user whose payment failed', { subscription: 'free', stripeSubscriptionId: 'sub_9' }],
  ])('cancels the stored subscription of %s at the provider', async (_label, stored) => {
    const port = { cancelSubscription: vi.fn(async () => {}) };
    expect(await cancelActiveSubscription(subs(stored), port, 'u1')).toBe(true);
    expect(port.cancelSubscription).toHaveBeenCalledWith('sub_9');
  });

  it.each([
    ['a comped basic user without a provider subscription', { subscription: 'basic' }],
    ['a free user who never paid', { subscription: 'free' }],
    ['an unknown user', null],
  ])('does nothing for %s', async (_label, stored) => {
    const port = { cancelSubscription: vi.fn(async () => {}) };
    expect(await cancelActiveSubscription(subs(stored), port, 'u1')).toBe(false);
    expect(port.cancelSubscription).not.toHaveBeenCalled();
  });

  it('a provider failure propagates, so the account is not deleted while still billed', async () => {
    const port = { cancelSubscription: vi.fn(async () => Promise.reject(new Error('stripe down'))) };
    await expect(
      cancelActiveSubscription(subs({ subscription: 'free', stripeSubscriptionId: 'sub_9' }), port, 'u1'),
    ).rejects.toThrow('stripe down');
  });
});
