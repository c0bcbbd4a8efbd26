import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

export interface SignedDelivery {
  status: number;
  body: Record<string, unknown>;
}

/** A Stripe-shaped event (id, created, data.object) as the hosted pages would trigger. */
export function localEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_local_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type,
    created,
    livemode: false,
    data: { object },
  };
}

/** Signs the payload as Stripe does and posts it to the real webhook endpoint over HTTP. */
export async function deliverEvent(
  baseUrl: string,
  event: object,
  secret = process.env.STRIPE_WEBHOOK_SECRET,
): Promise<SignedDelivery> {
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is not set: the local runtime generates it on start');
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${baseUrl}/api/stripe_webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
