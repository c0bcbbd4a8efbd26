import webpush, { type PushSubscription, type RequestDetails } from 'web-push';

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

export function vapidConfig(env: NodeJS.ProcessEnv = process.env): VapidConfig | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  if (!publicKey || !privateKey || !subject) return null;
  // A P-256 public key is 65 bytes (87 base64url characters), the private one 32 bytes (43).
  if (!base64url.test(publicKey) || publicKey.length !== 87) return null;
  if (!base64url.test(privateKey) || privateKey.length !== 43) return null;
  if (!/^(mailto:|https:\/\/)/.test(subject)) return null;
  return { publicKey, privateKey, subject };
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

/** Posts to the subscription's push service; false when it says the subscription is gone (404/410). */
export async function sendPush(sub: PushSubscription, payload: string, vapid: VapidConfig): Promise<boolean> {
  try {
    await webpush.sendNotification(sub, payload, {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    return true;
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return false;
    throw err;
  }
}

/** A fresh key pair (the local runtime's, kept in its data directory). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
