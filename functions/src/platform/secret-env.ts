/**
 * Loads secret values into process.env on AWS, once per container. CDK passes only the secret's
 * ARN (never its value); the function reads it through the AWS Parameters and Secrets Lambda
 * extension (a localhost HTTP cache on port 2773), so no Secrets Manager SDK client is bundled.
 * Env vars that are already set win, which keeps the local runtime and tests unchanged.
 */
export interface SecretEnvSpec {
  /** Env var holding the secret's ARN (set by CDK). */
  arnVar: string;
  /** env var -> key in the secret's JSON. */
  keys: Readonly<Record<string, string>>;
}

export type SecretFetcher = (secretId: string) => Promise<string>;

/** GET /secretsmanager/get on the extension, authenticated with the function's session token. */
export const extensionFetcher: SecretFetcher = async (secretId) => {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const res = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    signal: AbortSignal.timeout(5000),
  });
  if (!res.ok) throw new Error(`Secrets extension answered ${res.status} for ${secretId}`);
  const body = (await res.json()) as { SecretString?: string };
  if (typeof body.SecretString !== 'string') throw new Error(`Secret ${secretId} has no string value`);
  return body.SecretString;
};

const loaded = new Map<string, Promise<void>>();

export function loadSecretEnv(spec: SecretEnvSpec, env: NodeJS.ProcessEnv = process.env, fetcher: SecretFetcher = extensionFetcher): Promise<void> {
  const arn = env[spec.arnVar];
  const missing = Object.keys(spec.keys).filter((name) => !env[name]);
  if (!arn || missing.length === 0) return Promise.resolve();
  let pending = loaded.get(arn);
  if (!pending) {
    pending = fetcher(arn).then((text) => {
      let values: Record<string, unknown>;
      try {
        values = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new Error(`Secret ${spec.arnVar} is not JSON (expected {${Object.values(spec.keys).map((k) => `"${k}": "..."`).join(', ')}})`);
      }
      for (const name of missing) {
        const value = values[spec.keys[name]!];
        if (typeof value !== 'string' || value === '') throw new Error(`Secret ${spec.arnVar} lacks "${spec.keys[name]}"`);
        env[name] = value;
      }
    });
    // A failed load is retried by the next cold start, not cached.
    pending.catch(() => loaded.delete(arn));
    loaded.set(arn, pending);
  }
  return pending;
}

export function resetSecretEnv(): void {
  loaded.clear();
}

/** The Stripe secret created per README: {"secret_key": "sk_...", "webhook_secret": "whsec_..."}. */
export const stripeSecretSpec: SecretEnvSpec = {
  arnVar: 'STRIPE_SECRET_ARN',
  keys: { STRIPE_SECRET_KEY: 'secret_key', STRIPE_WEBHOOK_SECRET: 'webhook_secret' },
};
