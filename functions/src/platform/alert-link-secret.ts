import { alertLinkSecretSpec, loadSecretEnv } from './secret-env.ts';

/**
 * The key that signs alert emails' pause links. The local runtime generates one per data directory;
 * anywhere else it comes from Secrets Manager, and without it nothing is signed or verified (the
 * emails are not sent and the pause route answers 503): never a default from the repository.
 */
export async function alertLinkSecret(): Promise<string | null> {
  await loadSecretEnv(alertLinkSecretSpec);
  const secret = process.env.ALERT_LINK_SECRET;
  return secret && secret.length >= 16 ? secret : null;
}

/** Where the emailed links point (the site origin); null when this deployment did not set it. */
export function appBaseUrl(): string | null {
  return process.env.APP_BASE_URL ?? null;
}
