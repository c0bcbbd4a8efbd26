import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@tapewatch/shared/schemas/payments';
import { payments } from '../../platform/payments.ts';
import { handler } from './stripe-webhook.ts';

/** The constant the local checkout used to sign with: it is in the repository's history, so public. */
const PUBLIC_CONSTANT = 'whsec_local_tapewatch';

function signedEvent(secret: string, object: Record<string, unknown>): APIGatewayProxyEventV2 {
  const body = JSON.stringify({
    id: 'evt_attack',
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return {
    version: '2.0',
    routeKey: 'POST /api/stripe_webhook',
    rawPath: '/api/stripe_webhook',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
    },
    body,
    requestContext: {
      requestId: 'req-attack',
      domainName: 'tapewatch.example',
      http: { method: 'POST', path: '/api/stripe_webhook', sourceIp: '198.51.100.7' },
    },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

const KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'TAPEWATCH_RUNTIME',
  'DYNAMODB_ENDPOINT',
  'AWS_LAMBDA_FUNCTION_NAME',
  'ORIGIN_VERIFY_SECRET',
] as const;

describe('stripe_webhook on a deployment without Stripe (not the local runtime)', () => {
  const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  beforeEach(() => {
    for (const k of KEYS) delete process.env[k];
    // Were an event let through, its write would fail fast here instead of reaching AWS.
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:9';
  });
  afterEach(() => {
    for (const k of KEYS) saved[k] === undefined ? delete process.env[k] : (process.env[k] = saved[k]);
  });

  it('refuses a "paid" checkout signed with the public constant (503), whatever the signature', async () => {
    const forged = {
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: 'attacker-user-id',
      payment_status: 'paid',
    };
    for (const secret of [PUBLIC_CONSTANT, 'whsec_anything']) {
      const r = await handler(signedEvent(secret, forged));
      expect(r.statusCode, secret).toBe(503);
      expect(JSON.parse(r.body!)).toEqual({ alert_show: true, alert_message: PAYMENT_MESSAGES.notConfigured });
    }
  });

  it('a Lambda never takes the local stand-in, even with TAPEWATCH_RUNTIME=local and a webhook secret in its env', async () => {
    // Inside Lambda the wrapper also wants the CloudFront origin value, as a real request carries it.
    Object.assign(process.env, {
      TAPEWATCH_RUNTIME: 'local',
      STRIPE_WEBHOOK_SECRET: PUBLIC_CONSTANT,
      AWS_LAMBDA_FUNCTION_NAME: 'tapewatch-stripe_webhook',
      ORIGIN_VERIFY_SECRET: 'origin-value',
    });
    expect(payments('https://tapewatch.example').name).toBe('unconfigured');
    const viaCloudFront = signedEvent(PUBLIC_CONSTANT, { object: 'checkout.session' });
    viaCloudFront.headers['x-origin-verify'] = 'origin-value';
    expect((await handler(viaCloudFront)).statusCode).toBe(503);
  });

  it('the local stand-in needs the runtime marker and a secret: there is no default secret', () => {
    expect(payments('http://localhost:3000', { TAPEWATCH_RUNTIME: 'local' }).name).toBe('unconfigured');
    expect(payments('http://localhost:3000', { STRIPE_WEBHOOK_SECRET: 'whsec_x' }).name).toBe('unconfigured');
    expect(
      payments('http://localhost:3000', { TAPEWATCH_RUNTIME: 'local', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).name,
    ).toBe('local');
  });

  it('checkout and the billing portal answer 503 too, not a link to a local page', async () => {
    const port = payments('https://tapewatch.example');
    await expect(
      port.createCheckoutSession({ userId: 'u', email: 'u@example.com', successUrl: 's', cancelUrl: 'c' }),
    ).rejects.toMatchObject({ status: 503 });
    await expect(port.createPortalSession('cus_1', 'r')).rejects.toMatchObject({ status: 503 });
  });
});
