/** The payment provider as the handlers see it (Stripe on AWS, the local checkout otherwise). */
export interface CheckoutInput {
  userId: string;
  email: string;
  /** Reused when the user paid before, so the portal shows one customer. */
  customerId?: string;
  successUrl: string;
  cancelUrl: string;
}

/** The subset of a Stripe event the webhook reads (the real event is a superset). */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Epoch seconds. */
  created: number;
  data: { object: Record<string, unknown> };
}

export interface PaymentsPort {
  readonly name: 'stripe' | 'local' | 'unconfigured';
  /** Price id of the Basic plan ($39/month); events for other prices grant nothing. */
  readonly basicPriceId: string;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Verifies the signature over the raw body; throws when it does not match. */
  verifyWebhook(rawBody: string, signature: string): Promise<PaymentEvent>;
  /** Ends a subscription at once (account deletion, a duplicate); an already ended one is fine. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** The provider's current status of a subscription (active, canceled, ...); null when unknown. */
  subscriptionStatus(subscriptionId: string): Promise<string | null>;
}
