import { LOCAL_WEBHOOK_SECRET_DEFAULT, localPayments } from './payments-local.ts';
import { stripePayments } from './payments-stripe.ts';
import type { PaymentsPort } from './payments-types.ts';
import { loadSecretEnv, stripeSecretSpec } from './secret-env.ts';

export type { PaymentEvent, PaymentsPort } from './payments-types.ts';

let cached: PaymentsPort | null = null;

// On AWS the Stripe keys come from Secrets Manager (STRIPE_SECRET_ARN), loaded during the cold
// start so payments() stays synchronous; a no-op locally and whenever the env vars are set.
await loadSecretEnv(stripeSecretSpec);

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the local checkout (the embedded default). */
export function payments(baseUrl: string): PaymentsPort {
  if (cached) return cached;
  const key = process.env.STRIPE_SECRET_KEY;
  if (key) {
    const secret = process.env.STRIPE_WEBHOOK_SECRET;
    const price = process.env.STRIPE_PRICE_BASIC;
    if (!secret || !price) throw new Error('STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_BASIC must be set with STRIPE_SECRET_KEY');
    cached = stripePayments(key, secret, price);
  } else {
    // Not cached: the local base URL follows the runtime's port.
    return localPayments(baseUrl, process.env.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRET_DEFAULT);
  }
  return cached;
}

export function resetPayments(): void {
  cached = null;
}
