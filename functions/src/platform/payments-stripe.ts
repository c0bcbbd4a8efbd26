import Stripe from 'stripe';
import type { CheckoutInput, PaymentEvent, PaymentsPort } from './payments-types.ts';

/** The real adapter: hosted Checkout in subscription mode and the Billing Portal. */
export function stripePayments(secretKey: string, webhookSecret: string, basicPriceId: string): PaymentsPort {
  const stripe = new Stripe(secretKey);
  return {
    name: 'stripe',
    basicPriceId,
    async createCheckoutSession(input: CheckoutInput) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: basicPriceId, quantity: 1 }],
        // The webhook links the payment by this id, never by email.
        client_reference_id: input.userId,
        subscription_data: { metadata: { userId: input.userId } },
        metadata: { userId: input.userId },
        // Lets the customer type the 50%-off-first-month code (FLOW50).
        allow_promotion_codes: true,
        ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async createPortalSession(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: portal.url };
    },
    async verifyWebhook(rawBody, signature) {
      return (await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret)) as unknown as PaymentEvent;
    },
    async cancelSubscription(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (err) {
        // Already ended (the stored id outlives a cancellation) or gone: nothing left to bill.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) {
          if (err.code === 'resource_missing') return;
          const current = await stripe.subscriptions.retrieve(subscriptionId);
          if (current.status === 'canceled' || current.status === 'incomplete_expired') return;
        }
        throw err;
      }
    },
    async subscriptionStatus(subscriptionId) {
      try {
        return (await stripe.subscriptions.retrieve(subscriptionId)).status;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw err;
      }
    },
  };
}
