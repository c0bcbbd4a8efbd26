import webpush, { type PushSubscription, type RequestDetails } from 'web-push';
import { extensionFetcher, loadSecretEnv, type SecretFetcher, vapidSecretSpec } from './secret-env.ts';

/**
 * Optional browser push of flow alerts (Web Push with VAPID, through the `web-push` library, which
 * signs the VAPID JWT and encrypts the payload per RFC 8291/8188). Configured by VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY and VAPID_SUBJECT (a mailto: or https: contact for the push services). The local
 * runtime generates a key pair per data directory; anywhere else a missing or malformed key turns
 * the feature off: never a default key from the repository.
 */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** How long a push service keeps an undelivered alert: an alert older than this is stale anyway. */
export const PUSH_TTL_SECONDS = 15 * 60;

const base64url = /^[A-Za-z0-9_-]+$/;

/**
 * The public half alone, for the routes that hand it to browsers (they never get the private key):
 * null when push is not configured here. A P-256 public key is 65 bytes (87 base64url characters).
 */
export function vapidPublicKey(env: NodeJS.ProcessEnv = process.env): string | null {
  const { VAPID_PUBLIC_KEY: key, VAPID_SUBJECT: subject } = env;
  if (!key || !base64url.test(key) || key.length !== 87) return null;
  return subject && /^(mailto:|https:\/\/)/.test(subject) ? key : null;
}

export function vapidConfig(env: NodeJS.ProcessEnv = process.env): VapidConfig | null {
  const publicKey = vapidPublicKey(env);
  const { VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  // The private key is 32 bytes (43 base64url characters).
  if (!publicKey || !subject || !privateKey || !base64url.test(privateKey) || privateKey.length !== 43) return null;
  return { publicKey, privateKey, subject };
}

/** The full configuration of a sender: the private key comes from Secrets Manager on AWS (once per container). */
export async function loadVapidConfig(
  env: NodeJS.ProcessEnv = process.env,
  fetcher: SecretFetcher = extensionFetcher,
): Promise<VapidConfig | null> {
  await loadSecretEnv(vapidSecretSpec, env, fetcher);
  return vapidConfig(env);
}

/** The signed, encrypted request for one subscription (what sendPush posts; the tests read it). */
export function pushRequest(sub: PushSubscription, payload: string, vapid: VapidConfig): RequestDetails {
  return webpush.generateRequestDetails(sub, payload, {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
  });
}

/** How long one push may take: a slow push service must not hold the alert batch. */
export const PUSH_TIMEOUT_MS = 5000;

export type PushOutcome = 'sent' | 'gone';

/**
 * Posts the signed, encrypted request to the subscription's push service: 'gone' when it says the
 * subscription no longer exists (404/410), an error for any other refusal. Sent with fetch (the
 * library builds the request) so it has a timeout and never follows a redirect elsewhere.
 */
export async function sendPush(sub: PushSubscription, payload: string, vapid: VapidConfig): Promise<PushOutcome> {
  const req = pushRequest(sub, payload, vapid);
  const headers = Object.fromEntries(
    Object.entries(req.headers)
      // fetch sets the length of the body itself.
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const res = await fetch(req.endpoint, {
    method: 'POST',
    headers,
    body: req.body ?? undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone';
  if (res.status < 200 || res.status >= 300) throw new Error(`push service answered ${res.status}`);
  return 'sent';
}

/** A fresh key pair (the local runtime's, kept in its data directory). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
