import { z } from 'zod';

/** base64url (browsers may add '=' padding) decoding to exactly `bytes` bytes. */
const base64urlBytes = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine((s) => Math.floor((s.replace(/=+$/, '').length * 6) / 8) === bytes, `${what} must be ${bytes} bytes`);

/**
 * The push services browsers subscribe with (Chrome, Edge on Android, Opera, Samsung: FCM; Firefox:
 * Mozilla autopush; Safari: Apple; Edge on Windows: WNS). The server POSTs to a stored endpoint, so
 * only these hosts are accepted: a public host name chosen by the caller could resolve to an
 * internal address (DNS rebinding), and nothing else needs the server's requests.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const isPushServiceHost = (host: string) => PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));

/** Where the server will POST: the https URL of one of the browsers' push services, on port 443. */
export const pushEndpoint = z
  .string()
  .max(1000, 'the push endpoint is too long')
  .refine((s) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      return false;
    }
    return (
      u.protocol === 'https:' &&
      !u.username &&
      !u.password &&
      (u.port === '' || u.port === '443') &&
      isPushServiceHost(u.hostname.toLowerCase())
    );
  }, "expected the https URL of a browser's push service");

/** What PushSubscription.toJSON() gives in a browser. */
export const pushSubscriptionBody = z.strictObject({
  endpoint: pushEndpoint,
  /** Browsers send it (mostly null); the push service's own expiry is what counts. */
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64urlBytes(65, 'keys.p256dh'),
    /** The browser's auth secret (16 bytes). */
    auth: base64urlBytes(16, 'keys.auth'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.strictObject({ endpoint: pushEndpoint });

export const pushConfigResponse = z.object({
  /** False when this server has no VAPID keys: the page hides the browser notifications toggle. */
  enabled: z.boolean(),
  /** The VAPID public key (applicationServerKey for PushManager.subscribe), base64url. */
  public_key: z.string().nullable(),
  /** Browsers of this user that receive alert pushes. */
  subscriptions: z.number().int(),
});
export type PushConfig = z.infer<typeof pushConfigResponse>;

export const pushSubscribeResponse = z.object({ subscribed: z.literal(true), subscriptions: z.number().int() });
export const pushUnsubscribeResponse = z.object({ deleted: z.boolean(), subscriptions: z.number().int() });
