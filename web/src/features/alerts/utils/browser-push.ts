import type { PushSubscriptionBody } from '@tapewatch/shared/schemas/alert-push';

/**
 * The browser side of flow alert notifications: the service worker (web/public/alert-push-sw.js)
 * and the PushManager subscription. The worker gets a scope of its own that matches no page, so it
 * controls nothing in the app; push events reach it whatever its scope.
 */
export const ALERT_PUSH_WORKER = '/alert-push-sw.js';
export const ALERT_PUSH_SCOPE = '/alert-push/';

/** What PushSubscription.toJSON() holds (the subscribe_push body). */
export type PushSubscriptionJson = PushSubscriptionBody;

export type SubscribeResult = { ok: true; subscription: PushSubscriptionJson } | { ok: false; reason: 'denied' };

/** The browser operations the toggle needs (a fake in unit tests, the real APIs in the app). */
export interface BrowserPush {
  supported(): boolean;
  /** This browser's current subscription, if any. */
  current(): Promise<PushSubscriptionJson | null>;
  subscribe(publicKey: string): Promise<SubscribeResult>;
  /** Ends this browser's subscription; its endpoint (null when there was none). */
  unsubscribe(): Promise<string | null>;
}

/** The VAPID public key (base64url) as the applicationServerKey bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

function toJson(sub: PushSubscription): PushSubscriptionJson {
  const json = sub.toJSON();
  return {
    endpoint: json.endpoint ?? sub.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

const registration = () => navigator.serviceWorker.getRegistration(ALERT_PUSH_SCOPE);

export const realBrowserPush: BrowserPush = {
  supported: () =>
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window,
  async current() {
    const sub = await (await registration())?.pushManager.getSubscription();
    return sub ? toJson(sub) : null;
  },
  async subscribe(publicKey) {
    if ((await Notification.requestPermission()) !== 'granted') return { ok: false, reason: 'denied' };
    const reg =
      (await registration()) ??
      (await navigator.serviceWorker.register(ALERT_PUSH_WORKER, { scope: ALERT_PUSH_SCOPE, updateViaCache: 'none' }));
    const key = applicationServerKey(publicKey);
    let sub = await reg.pushManager.getSubscription();
    // A subscription made with another server key (a new key pair) cannot receive our pushes.
    const sameKey = (s: PushSubscription) => {
      const k = s.options.applicationServerKey;
      return k !== null && new Uint8Array(k).every((b, i) => b === key[i]);
    };
    if (sub && !sameKey(sub)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    return { ok: true, subscription: toJson(sub) };
  },
  async unsubscribe() {
    const sub = await (await registration())?.pushManager.getSubscription();
    if (!sub) return null;
    await sub.unsubscribe();
    return sub.endpoint;
  },
};
