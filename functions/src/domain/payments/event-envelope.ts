import { z } from 'zod';
import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import type { PaymentEvent } from '../../platform/payments-types.ts';

/** Stripe stamps an event when it happens; a small clock skew is tolerated, a future date is not. */
export const MAX_EVENT_CLOCK_SKEW_SECONDS = 5 * 60;
/** 2009-01-01: no Stripe event is older, and anything below is not an epoch in seconds. */
const EARLIEST_EVENT_SECONDS = 1_230_768_000;

/**
 * The part of an event the webhook reads. A validly signed body is still checked: a plan version
 * is derived from `created`, so a NaN or a huge value would pin the plan against every later event.
 */
const envelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z
    .number()
    .int()
    .min(EARLIEST_EVENT_SECONDS)
    .max(Number.MAX_SAFE_INTEGER / 100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * A subscription event's price list, read to refuse unknown prices: Stripe sends a list object whose
 * `data` is an array of items each with a price (an id or an expanded object).
 */
const subscriptionItems = z.object({
  items: z.object({
    data: z.array(
      z
        .object({ price: z.union([z.string().min(1), z.object({ id: z.string().min(1) }).passthrough()]) })
        .passthrough(),
    ),
  }),
});
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

export type EnvelopeCheck = { ok: true; event: PaymentEvent } | { ok: false; message: string };

export function checkEventEnvelope(body: unknown, now: Date): EnvelopeCheck {
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return { ok: false, message: PAYMENT_MESSAGES.badEvent };
  if (SUBSCRIPTION_EVENTS.has(parsed.data.type) && !subscriptionItems.safeParse(parsed.data.data.object).success)
    return { ok: false, message: PAYMENT_MESSAGES.badEvent };
  if (parsed.data.created > now.getTime() / 1000 + MAX_EVENT_CLOCK_SKEW_SECONDS)
    return { ok: false, message: PAYMENT_MESSAGES.futureEvent };
  return { ok: true, event: parsed.data };
}
