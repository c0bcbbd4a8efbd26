import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import { verifyCheckoutTicket } from '../../domain/accounts/secrets.ts';
import { isSubscriber } from '../../lib/auth-guard.ts';
import { ConflictError, UnauthorizedError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { checkoutTicketSecretSpec, loadSecretEnv } from '../../platform/secret-env.ts';
import { paymentDeps } from './payment-deps.ts';

// The ticket key is read from Secrets Manager at cold start on AWS (its ARN is in the environment).
await loadSecretEnv(checkoutTicketSecretSpec);

/** The caller's token ("Pay now!") or the signed ticket from a Basic sign-up; never an email alone. */
export const handler = defineHandler('checkoutsession', async ({ caller, body, event }) => {
  const deps = paymentDeps(event);
  let account: { userId: string; email: string };
  if (caller) {
    account = caller;
  } else if (body?.checkout_ticket) {
    const secret = process.env.CHECKOUT_TICKET_SECRET ?? '';
    const ticket = secret ? verifyCheckoutTicket(body.checkout_ticket, secret, deps.now()) : null;
    if (!ticket || (body.email !== undefined && body.email.toLowerCase() !== ticket.email.toLowerCase())) {
      throw new UnauthorizedError(PAYMENT_MESSAGES.badTicket);
    }
    account = ticket;
  } else {
    throw new UnauthorizedError(PAYMENT_MESSAGES.signUpFirst);
  }
  const current = await deps.subs.get(account.userId);
  if (!current) throw new UnauthorizedError(PAYMENT_MESSAGES.signUpFirst);
  if (isSubscriber(current.subscription)) throw new ConflictError(PAYMENT_MESSAGES.alreadyBasic);
  const session = await deps.payments.createCheckoutSession({
    userId: account.userId,
    email: account.email,
    customerId: current.stripeCustomerId,
    successUrl: `${deps.baseUrl}/subscriptionsuccess`,
    cancelUrl: `${deps.baseUrl}/subscription`,
  });
  return { sessionId: session.id, url: session.url };
});
