import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSourceStatuses } from './data-sources.ts';
import {
  checkoutTicketSecretSpec,
  loadSecretEnv,
  originVerifySecretSpec,
  providerKeySecretSpec,
  resetSecretEnv,
  stripeSecretSpec,
} from './secret-env.ts';

const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:tapewatch/dev/stripe-AbCdEf';

afterEach(() => resetSecretEnv());

describe('loadSecretEnv', () => {
  it('copies the JSON keys of the secret into the env vars, fetching once per container', async () => {
    const env: NodeJS.ProcessEnv = { STRIPE_SECRET_ARN: arn };
    const fetcher = vi.fn(async () => JSON.stringify({ secret_key: 'sk_test_1', webhook_secret: 'whsec_2' }));
    await loadSecretEnv(stripeSecretSpec, env, fetcher);
    await loadSecretEnv(stripeSecretSpec, { ...env }, fetcher);
    expect(env.STRIPE_SECRET_KEY).toBe('sk_test_1');
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_2');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(arn);
  });

  it('leaves env vars that are already set alone (local runtime, tests) and fetches nothing', async () => {
    const env: NodeJS.ProcessEnv = {
      STRIPE_SECRET_ARN: arn,
      STRIPE_SECRET_KEY: 'sk_local',
      STRIPE_WEBHOOK_SECRET: 'whsec_local',
    };
    const fetcher = vi.fn(async () => '{}');
    await loadSecretEnv(stripeSecretSpec, env, fetcher);
    expect(env.STRIPE_SECRET_KEY).toBe('sk_local');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('does nothing without the ARN variable (no Stripe configured)', async () => {
    const env: NodeJS.ProcessEnv = {};
    const fetcher = vi.fn(async () => '{}');
    await loadSecretEnv(stripeSecretSpec, env, fetcher);
    expect(env).toEqual({});
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('names the missing key, and retries after a failure instead of caching it', async () => {
    const env: NodeJS.ProcessEnv = { STRIPE_SECRET_ARN: arn };
    const fetcher = vi
      .fn<(id: string) => Promise<string>>()
      .mockResolvedValueOnce(JSON.stringify({ secret_key: 'sk_1' }))
      .mockResolvedValueOnce(JSON.stringify({ secret_key: 'sk_1', webhook_secret: 'whsec_1' }));
    await expect(loadSecretEnv(stripeSecretSpec, env, fetcher)).rejects.toThrow('lacks "webhook_secret"');
    await loadSecretEnv(stripeSecretSpec, env, fetcher);
    expect(env.STRIPE_WEBHOOK_SECRET).toBe('whsec_1');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('rejects a secret that is not JSON with the expected shape in the message', async () => {
    await expect(
      loadSecretEnv(stripeSecretSpec, { STRIPE_SECRET_ARN: arn }, async () => 'sk_live_plain'),
    ).rejects.toThrow(/not JSON \(expected \{"secret_key": "\.\.\.", "webhook_secret": "\.\.\."\}\)/);
  });

  it('loads a plain-text secret (Secrets Manager-generated: checkout ticket key, origin-verify value) whole', async () => {
    const ticketArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:IdentityCheckoutTicketSecret-AbCdEf';
    const env: NodeJS.ProcessEnv = { CHECKOUT_TICKET_SECRET_ARN: ticketArn, ORIGIN_VERIFY_SECRET_ARN: arn };
    const fetcher = vi.fn(async (id: string) => (id === ticketArn ? 'ticketKey48chars' : 'originValue48chars'));
    await loadSecretEnv(checkoutTicketSecretSpec, env, fetcher);
    await loadSecretEnv(originVerifySecretSpec, env, fetcher);
    expect(env.CHECKOUT_TICKET_SECRET).toBe('ticketKey48chars');
    expect(env.ORIGIN_VERIFY_SECRET).toBe('originValue48chars');
  });

  it('refuses an empty plain-text secret rather than running without it', async () => {
    const env: NodeJS.ProcessEnv = { ORIGIN_VERIFY_SECRET_ARN: arn };
    await expect(loadSecretEnv(originVerifySecretSpec, env, async () => '')).rejects.toThrow(
      'ORIGIN_VERIFY_SECRET_ARN is empty',
    );
    expect(env.ORIGIN_VERIFY_SECRET).toBeUndefined();
  });
});

describe('provider keys (issue 27)', () => {
  it('loads a provider\'s key from its own secret {"api_key": ...}', async () => {
    const polygonArn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:tapewatch/dev/polygon-AbCdEf';
    const env: NodeJS.ProcessEnv = { POLYGON_API_KEY_SECRET_ARN: polygonArn };
    await loadSecretEnv(providerKeySecretSpec('POLYGON_API_KEY'), env, async () => JSON.stringify({ api_key: 'pk' }));
    expect(env.POLYGON_API_KEY).toBe('pk');
    await expect(
      loadSecretEnv(providerKeySecretSpec('BENZINGA_API_KEY'), { BENZINGA_API_KEY_SECRET_ARN: arn }, async () => '{}'),
    ).rejects.toThrow('Secret BENZINGA_API_KEY_SECRET_ARN lacks "api_key"');
  });

  it('counts a key as configured from its value or, for functions without it, from TAPEWATCH_CONFIGURED_KEYS', () => {
    const state = (env: NodeJS.ProcessEnv) =>
      currentSourceStatuses({ TAPEWATCH_DATA_MODE: 'live', ...env }).find((s) => s.source.id === 'polygon-daily-bars')
        ?.state;
    expect(state({})).toBe('missing_key');
    expect(state({ POLYGON_API_KEY: 'pk' })).toBe('ready');
    expect(state({ TAPEWATCH_CONFIGURED_KEYS: 'BENZINGA_API_KEY,POLYGON_API_KEY' })).toBe('ready');
    expect(state({ TAPEWATCH_CONFIGURED_KEYS: 'BENZINGA_API_KEY' })).toBe('missing_key');
  });
});
