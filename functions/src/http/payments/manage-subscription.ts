import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import { ConflictError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { paymentDeps } from './payment-deps.ts';

/** Profile "Manage": a Billing Portal session for the caller's own customer. */
export const handler = defineHandler('manage_subscription', async ({ caller, event }) => {
  const deps = paymentDeps(event);
  const current = await deps.subs.get(caller!.userId);
  if (!current?.stripeCustomerId) throw new ConflictError(PAYMENT_MESSAGES.noSubscription);
  const portal = await deps.payments.createPortalSession(
    current.stripeCustomerId,
    `${deps.baseUrl}/profile?from=billing`,
  );
  return { sessionURL: portal.url };
});
