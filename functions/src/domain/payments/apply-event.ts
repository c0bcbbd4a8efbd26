import { BadRequestError } from '../../lib/errors.ts';
import type { SubscriptionsRepository } from '../../data/subscriptions-repository.ts';
import { isSubscriber } from '../../lib/auth-guard.ts';
import type { PaymentEvent, PaymentsPort } from '../../platform/payments-types.ts';
import { planFromEvent } from './plan-from-event.ts';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale' | 'unknown-user' | 'duplicate-subscription';

/** Provider statuses in which a subscription still charges the customer. */
const BILLED = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/**
 * Applies one verified webhook event: idempotent per event id, and ordered by the event's time so
 * a replayed or late event never overwrites a newer state.
 */
export async function applyPaymentEvent(
  subs: SubscriptionsRepository,
  event: PaymentEvent,
  basicPriceId: string,
  now: Date,
  port?: Pick<PaymentsPort, 'cancelSubscription' | 'subscriptionStatus'>,
): Promise<EventOutcome> {
  if (await subs.isEventProcessed(event.id)) return 'duplicate';
  const decision = planFromEvent(event, basicPriceId);
  if (decision.kind === 'reject') throw new BadRequestError(decision.message);
  const done = async (outcome: EventOutcome): Promise<EventOutcome> => {
    await subs.markEventProcessed(event.id, event.type, now);
    return outcome;
  };
  if (decision.kind === 'ignore') return done('ignored');

  const userId = decision.userId ?? (decision.customerId ? await subs.userIdForCustomer(decision.customerId) : null);
  const current = userId ? await subs.get(userId) : null;
  if (!userId || !current) return done('unknown-user');
  // The end of an older subscription must not cancel the one the user holds now.
  const otherSubscription =
    decision.subscription === 'free' &&
    decision.subscriptionId !== undefined &&
    current.stripeSubscriptionId !== undefined &&
    decision.subscriptionId !== current.stripeSubscriptionId;
  if (otherSubscription) return done('stale');
  // Two checkouts opened before either was paid: the customer would pay twice. The subscription
  // stored first stays; the second is ended at once and flagged in the plan log for a refund.
  const secondSubscription =
    decision.subscription === 'basic' &&
    decision.subscriptionId !== undefined &&
    current.stripeSubscriptionId !== undefined &&
    decision.subscriptionId !== current.stripeSubscriptionId &&
    isSubscriber(current.subscription);
  if (port && secondSubscription && BILLED.has((await port.subscriptionStatus(current.stripeSubscriptionId!)) ?? '')) {
    await port.cancelSubscription(decision.subscriptionId!);
    const reason = `${event.type} ${event.id}: second subscription ${decision.subscriptionId} cancelled, ${current.stripeSubscriptionId} kept; refund its first payment`;
    await subs.logPlanChange({
      userId,
      from: current.subscription,
      to: current.subscription,
      by: 'stripe',
      reason,
      at: now.toISOString(),
    });
    return done('duplicate-subscription');
  }

  const applied = await subs.apply(userId, {
    subscription: decision.subscription,
    subscriptionVersion: decision.version,
    stripeCustomerId: decision.customerId,
    stripeSubscriptionId: decision.subscription === 'basic' ? decision.subscriptionId : undefined,
  });
  if (decision.customerId) await subs.linkCustomer(decision.customerId, userId);
  if (applied && current.subscription !== decision.subscription) {
    await subs.logPlanChange({
      userId,
      from: current.subscription,
      to: decision.subscription,
      by: 'stripe',
      reason: `${event.type} ${event.id}`,
      at: now.toISOString(),
    });
  }
  return done(applied ? 'applied' : 'stale');
}
