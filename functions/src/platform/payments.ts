import { localPayments } from './payments-local.ts';
import { stripePayments } from './payments-stripe.ts';
import type { PaymentsPort } from './payments-types.ts';
import { unconfiguredPayments } from './payments-unconfigured.ts';
import { isLocalRuntime } from './runtime-kind.ts';
import { loadSecretEnv, stripeSecretSpec } from './secret-env.ts';

export type { PaymentEvent, PaymentsPort } from './payments-types.ts';

let cached: PaymentsPort | null = null;

// On AWS the Stripe keys come from Secrets Manager (STRIPE_SECRET_ARN), loaded during the cold
// start so payments() stays synchronous; a no-op locally and whenever the env vars are set.
await loadSecretEnv(stripeSecretSpec);

/**
 * Stripe when STRIPE_SECRET_KEY is set; the local checkout inside the local runtime (its webhook
 * secret is generated per data directory); anywhere else payments are refused, so that a
 * deployment without Stripe never verifies webhooks with a secret anybody could know.
 */
export function payments(baseUrl: string, env: NodeJS.ProcessEnv = process.env): PaymentsPort {
  if (cached) return cached;
  const key = env.STRIPE_SECRET_KEY;
  if (key) {
    const secret = env.STRIPE_WEBHOOK_SECRET;
    const price = env.STRIPE_PRICE_BASIC;
    if (!secret || !price)
      throw new Error('STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_BASIC must be set with STRIPE_SECRET_KEY');
    cached = stripePayments(key, secret, price);
    return cached;
  }
  const localSecret = env.STRIPE_WEBHOOK_SECRET;
  // Not cached: the local base URL follows the runtime's port.
  if (isLocalRuntime(env) && localSecret) return localPayments(baseUrl, localSecret);
  return unconfiguredPayments;
}
