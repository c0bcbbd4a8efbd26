import type { StoredSubscription } from '../../data/subscriptions-repository.ts';
import { isSubscriber } from '../../lib/auth-guard.ts';
import type { PaymentsPort } from '../../platform/payments-types.ts';

/**
 * Account deletion (issue 9): ends an active paid subscription at the provider first, so a deleted
 * account is never billed again. Returns whether one was cancelled. For the delete-user flow to call.
 */
export async function cancelActiveSubscription(
  subs: { get(userId: string): Promise<StoredSubscription | null> },
  port: Pick<PaymentsPort, 'cancelSubscription'>,
  userId: string,
): Promise<boolean> {
  const current = await subs.get(userId);
  if (!current?.stripeSubscriptionId || !isSubscriber(current.subscription)) return false;
  await port.cancelSubscription(current.stripeSubscriptionId);
  return true;
}
