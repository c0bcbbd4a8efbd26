import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import { applyPaymentEvent } from '../../domain/payments/apply-event.ts';
import { BadRequestError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import type { PaymentEvent } from '../../platform/payments-types.ts';
import { paymentDeps } from './payment-deps.ts';

/** Stripe's webhook: the signature is checked over the raw body; the parsed body is ignored. */
export const handler = defineHandler('stripe_webhook', async ({ event, log }) => {
  const deps = paymentDeps(event);
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  const signature = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'stripe-signature')?.[1];
  if (!signature || raw === '') throw new BadRequestError(PAYMENT_MESSAGES.badSignature);
  let verified: PaymentEvent;
  try {
    verified = await deps.payments.verifyWebhook(raw, signature);
  } catch {
    log.warn('webhook signature rejected');
    throw new BadRequestError(PAYMENT_MESSAGES.badSignature);
  }
  const outcome = await applyPaymentEvent(deps.subs, verified, deps.payments.basicPriceId, deps.now(), deps.payments);
  log.info('webhook', { eventId: verified.id, type: verified.type, outcome });
  return { received: true as const, outcome };
});
