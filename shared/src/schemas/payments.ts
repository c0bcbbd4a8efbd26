import { z } from 'zod';

/** Text every client shows when an anonymous visitor tries to pay (checkout needs an account). */
export const PAYMENT_MESSAGES = {
  signUpFirst: 'Please sign up for the Basic plan (or log in) before subscribing.',
  alreadyBasic: 'You already have the Basic plan. Use Manage on your profile to change or cancel it.',
  badTicket: 'This checkout link has expired. Please log in and press "Pay now!" on the subscription page.',
  noSubscription: 'You have no paid subscription to manage yet. Subscribe to the Basic plan first.',
  badSignature: 'Invalid webhook signature.',
  badEvent: 'Invalid webhook event.',
  futureEvent: 'Invalid webhook event: it is dated in the future.',
  notConfigured: 'Payments are not available on this server. Please try again later.',
} as const;

/**
 * POST /api/checkoutsession. With a token the caller is the account; right after a Basic sign-up
 * (no token yet) the client sends the signed checkout ticket and the email it was issued for.
 */
export const checkoutSessionBody = z
  .strictObject({
    email: z.string().max(254).optional(),
    checkout_ticket: z.string().max(2000).optional(),
  })
  .optional();

export const checkoutSessionResponse = z.object({
  sessionId: z.string(),
  /** The hosted checkout page; the browser navigates there (no third-party script). */
  url: z.string(),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponse>;

export const manageSubscriptionResponse = z.object({ sessionURL: z.string() });
export type ManageSubscriptionResponse = z.infer<typeof manageSubscriptionResponse>;

/** The handler verifies the signature on the raw body; the parsed JSON is not trusted. */
export const stripeWebhookBody = z.unknown();
export const stripeWebhookResponse = z.object({ received: z.literal(true), outcome: z.string() });
