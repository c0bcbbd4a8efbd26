import { describe, expect, it, vi } from 'vitest';
import type { StoredSubscription } from '../../data/subscriptions-repository.ts';
import { cancelActiveSubscription } from './cancel-on-delete.ts';

const subs = (s: StoredSubscription | null) => ({ get: async () => s });

describe('cancelActiveSubscription', () => {
  it('cancels the stored subscription of a basic user at the provider', async () => {
    const port = { cancelSubscription: vi.fn(async () => {}) };
    expect(await cancelActiveSubscription(subs({ subscription: 'basic', stripeSubscriptionId: 'sub_9' }), port, 'u1')).toBe(true);
    expect(port.cancelSubscription).toHaveBeenCalledWith('sub_9');
  });

  it.each([
    ['a free user', { subscription: 'free', stripeSubscriptionId: 'sub_9' }],
    ['a comped basic user without a provider subscription', { subscription: 'basic' }],
    ['an unknown user', null],
  ])('does nothing for %s', async (_label, stored) => {
    const port = { cancelSubscription: vi.fn(async () => {}) };
    expect(await cancelActiveSubscription(subs(stored), port, 'u1')).toBe(false);
    expect(port.cancelSubscription).not.toHaveBeenCalled();
  });
});
