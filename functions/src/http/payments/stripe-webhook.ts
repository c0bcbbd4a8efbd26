import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import { applyPaymentEvent } from '../../domain/payments/apply-event.ts';
import { checkEventEnvelope } from '../../domain/payments/event-envelope.ts';
import { AppError, BadRequestError } from '../../lib/errors.ts';
import { defineHandler } from '../../lib/http.ts';
import { paymentDeps } from './payment-deps.ts';

/** Stripe's webhook: the signature is checked over the raw body; the parsed body is ignored. */
export const handler = defineHandler('stripe_webhook', async ({ event, log }) => {
  const deps = paymentDeps(event);
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  const signature = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'stripe-signature')?.[1];
  if (!signature || raw === '') throw new BadRequestError(PAYMENT_MESSAGES.badSignature);
  let verified: unknown;
  try {
    verified = await deps.payments.verifyWebhook(raw, signature);
  } catch (err) {
    // A deployment without Stripe refuses every event (503), signed or not.
    if (err instanceof AppError) throw err;
    log.warn('webhook signature rejected');
    throw new BadRequestError(PAYMENT_MESSAGES.badSignature);
  }
  const now = deps.now();
  const checked = checkEventEnvelope(verified, now);
  if (!checked.ok) {
    log.warn('webhook event refused', { reason: checked.message });
    throw new BadRequestError(checked.message);
  }
  const outcome = await applyPaymentEvent(deps.subs, checked.event, deps.payments.basicPriceId, now, deps.payments);
  log.info('webhook', { eventId: checked.event.id, type: checked.event.type, outcome });
  return { received: true as const, outcome };
});
