import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SubscriptionsRepository } from '@tapewatch/functions/data/subscriptions-repository';
import { UsersRepository } from '@tapewatch/functions/data/users-repository';
import { ADMIN_RANK, planVersion } from '@tapewatch/functions/domain/payments/plan-from-event';
import type { PaymentsPort } from '@tapewatch/functions/platform/payments';

export const PLANS = ['basic', 'free'] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanChangeRequest {
  email: string;
  plan: Plan;
  by: string;
  reason: string;
  /**
   * Override a plan pinned by a newer (bad) event: the admin version replaces the stored one
   * unconditionally, so the next genuine Stripe event applies again. Recorded in the plan log.
   */
  force?: boolean;
}

/**
 * Support's direct plan change (comped accounts, local testing). It outranks every webhook up to
 * now; a later Stripe event still wins. Every change is written to the user's plan log.
 * Setting free ends a stored Stripe subscription first through the payments port, so a customer
 * moved to free is never still billed (without a port such a change is refused).
 */
export async function setPlan(
  db: DynamoDBDocumentClient,
  req: PlanChangeRequest,
  now = new Date(),
  payments?: Pick<PaymentsPort, 'cancelSubscription'>,
): Promise<string> {
  const users = new UsersRepository(db);
  const subs = new SubscriptionsRepository(db);
  const userId = await users.userIdForEmail(req.email);
  const current = userId ? await subs.get(userId) : null;
  if (!userId || !current) throw new Error(`No account with the email ${req.email}.`);
  const pinned =
    current.subscriptionVersion !== undefined &&
    current.subscriptionVersion > planVersion(Math.floor(now.getTime() / 1000), ADMIN_RANK);
  if (current.subscription === req.plan && !(req.force && pinned))
    return `${req.email} already has the ${req.plan} plan; nothing changed.`;
  const billed = req.plan === 'free' ? current.stripeSubscriptionId : undefined;
  if (billed && !payments)
    throw new Error(
      `${req.email} has the Stripe subscription ${billed}; cancel it through the payments port first; nothing changed.`,
    );
  // Cancelled before the plan changes: if Stripe refuses, the customer keeps what they pay for.
  if (billed) await payments!.cancelSubscription(billed);
  const version = planVersion(Math.floor(now.getTime() / 1000), ADMIN_RANK);
  const applied = await subs.apply(
    userId,
    { subscription: req.plan, subscriptionVersion: version },
    { force: req.force === true },
  );
  if (!applied)
    throw new Error(
      `A newer payment event changed ${req.email}'s plan meanwhile; nothing changed (--force overrides it).`,
    );
  const forced =
    req.force && pinned
      ? ` [forced over plan version ${current.subscriptionVersion} dated ${versionDate(current.subscriptionVersion!)}]`
      : '';
  await subs.logPlanChange({
    userId,
    from: current.subscription,
    to: req.plan,
    by: req.by,
    reason: req.reason + forced,
    at: now.toISOString(),
  });
  const cancelled = billed ? `; Stripe subscription ${billed} cancelled` : '';
  return `${req.email}: ${current.subscription || '(none)'} -> ${req.plan} (by ${req.by}: ${req.reason}${forced})${cancelled}`;
}

/** A plan version is event.created * 10 + rank (plan-from-event.ts). */
const versionDate = (version: number): string => {
  const ms = Math.floor(version / 10) * 1000;
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : String(version);
};
