import Stripe from 'stripe';
import type { CheckoutInput, PaymentEvent, PaymentsPort } from './payments-types.ts';

export const LOCAL_BASIC_PRICE = 'price_local_basic';

/** What the local checkout page needs; stateless: it travels inside the session id. */
export interface LocalCheckoutSession {
  userId: string;
  email: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
}

export const localCustomerId = (userId: string): string => `cus_local_${userId}`;
export const localSubscriptionId = (userId: string): string => `sub_local_${userId}`;
export const userIdOfLocalCustomer = (customerId: string): string | null =>
  customerId.startsWith('cus_local_') ? customerId.slice('cus_local_'.length) : null;

export function encodeLocalSession(s: LocalCheckoutSession): string {
  return `cs_local_${Buffer.from(JSON.stringify(s)).toString('base64url')}`;
}

export function decodeLocalSession(id: string): LocalCheckoutSession | null {
  if (!id.startsWith('cs_local_')) return null;
  try {
    const s = JSON.parse(
      Buffer.from(id.slice('cs_local_'.length), 'base64url').toString('utf8'),
    ) as LocalCheckoutSession;
    return typeof s.userId === 'string' && typeof s.customerId === 'string' ? s : null;
  } catch {
    return null;
  }
}

/**
 * The local adapter (DESIGN.md section 4): pages under /dev/checkout and /dev/portal on the
 * runtime's own host play Stripe's hosted pages and post signed events to the real webhook.
 */
export function localPayments(baseUrl: string, webhookSecret: string): PaymentsPort {
  return {
    name: 'local',
    basicPriceId: LOCAL_BASIC_PRICE,
    async createCheckoutSession(input: CheckoutInput) {
      const id = encodeLocalSession({
        userId: input.userId,
        email: input.email,
        customerId: input.customerId ?? localCustomerId(input.userId),
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
      });
      return { id, url: `${baseUrl}/dev/checkout/${id}` };
    },
    async createPortalSession(customerId, returnUrl) {
      return { url: `${baseUrl}/dev/portal/${encodeURIComponent(customerId)}?return=${encodeURIComponent(returnUrl)}` };
    },
    async verifyWebhook(rawBody, signature) {
      return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret) as unknown as PaymentEvent;
    },
    async cancelSubscription() {
      // Nothing to call: deleting the account removes the stored plan.
    },
    async subscriptionStatus() {
      // Stateless: the local checkout reuses one subscription id per user, so no second one exists.
      return null;
    },
  };
}
