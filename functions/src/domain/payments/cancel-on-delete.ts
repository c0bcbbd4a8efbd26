import type { StoredSubscription } from '../../data/subscriptions-repository.ts';
import type { PaymentsPort } from '../../platform/payments-types.ts';

/**
 * Account deletion (issue 9): ends the stored provider subscription first, so a deleted account
 * is never billed again. Whenever an id is stored, not only on the basic plan: after
 * invoice.payment_failed the plan is free while Stripe keeps retrying the charge. The port treats
 * an already-ended subscription as done. Returns whether a cancellation was sent.
 */
export async function cancelActiveSubscription(
  subs: { get(userId: string): Promise<StoredSubscription | null> },
  port: Pick<PaymentsPort, 'cancelSubscription'>,
  userId: string,
): Promise<boolean> {
  const current = await subs.get(userId);
  if (!current?.stripeSubscriptionId) return false;
  await port.cancelSubscription(current.stripeSubscriptionId);
  return true;
}
