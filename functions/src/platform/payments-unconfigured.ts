import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import { ServiceUnavailableError } from '../lib/errors.ts';
import type { PaymentsPort } from './payments-types.ts';

const refuse = async (): Promise<never> => {
  throw new ServiceUnavailableError(PAYMENT_MESSAGES.notConfigured);
};

/**
 * A deployment without Stripe: checkout, the portal and every webhook event are refused (503).
 * There is no secret to verify a webhook with, so no event can be trusted.
 */
export const unconfiguredPayments: PaymentsPort = {
  name: 'unconfigured',
  basicPriceId: '',
  createCheckoutSession: refuse,
  createPortalSession: refuse,
  verifyWebhook: refuse,
  cancelSubscription: refuse,
  subscriptionStatus: refuse,
};
