import { API_KEY_QUOTAS, type ApiKeyQuota } from '@tapewatch/shared/api-keys/limits';

export function quotaFor(subscription: string): ApiKeyQuota {
  return subscription.toLowerCase() === 'basic' ? API_KEY_QUOTAS.basic : API_KEY_QUOTAS.free;
}

export interface QuotaWindow {
  /** Sort key of the window's counter item. */
  id: string;
  /** Epoch seconds when the window ends (also the counter's TTL, plus a margin for the Profile read). */
  endsAt: number;
}

/** The minute (epoch-aligned) and the UTC day that `now` falls in. */
export function quotaWindows(now: Date): { minute: QuotaWindow; day: QuotaWindow } {
  const sec = Math.floor(now.getTime() / 1000);
  const minuteStart = sec - (sec % 60);
  const dayStart = sec - (sec % 86_400);
  return {
    minute: { id: `M#${minuteStart}`, endsAt: minuteStart + 60 },
    day: { id: `D#${new Date(dayStart * 1000).toISOString().slice(0, 10)}`, endsAt: dayStart + 86_400 },
  };
}

/** The ids the key's counters store for its current windows: the minute's first epoch second, the UTC date. */
export function useWindows(w: { minute: QuotaWindow; day: QuotaWindow }): { minute: number; day: string } {
  return { minute: w.minute.endsAt - 60, day: w.day.id.slice('D#'.length) };
}

/** What the RateLimit-* headers say, and whether this request is over. */
export interface QuotaVerdict {
  allowed: boolean;
  /** The window the headers describe. */
  window: 'minute' | 'day';
  limit: number;
  remaining: number;
  /** Seconds until the reported window ends. */
  resetSeconds: number;
  /** `60;w=60, 5000;w=86400`: both windows (RateLimit-Policy). */
  policy: string;
}

/**
 * Each request's atomic ADD returns its own position in each window (1 for the first), so exactly
 * `limit` requests of a window get through however many arrive at once; refused ones still count.
 * The headers report the window closest to running out (as the IETF draft asks when several apply).
 */
export function judgeQuota(
  quota: ApiKeyQuota,
  counts: { minute: number; day: number },
  windows: { minute: QuotaWindow; day: QuotaWindow },
  now: Date,
): QuotaVerdict {
  const sec = Math.floor(now.getTime() / 1000);
  const minuteLeft = quota.perMinute - counts.minute;
  const dayLeft = quota.perDay - counts.day;
  const allowed = minuteLeft >= 0 && dayLeft >= 0;
  // When refused, the window to wait for is the one that is over (the day when both are).
  const useDay = dayLeft < 0 || (minuteLeft >= 0 && dayLeft < minuteLeft);
  const w = useDay ? windows.day : windows.minute;
  return {
    allowed,
    window: useDay ? 'day' : 'minute',
    limit: useDay ? quota.perDay : quota.perMinute,
    remaining: Math.max(0, useDay ? dayLeft : minuteLeft),
    resetSeconds: Math.max(1, w.endsAt - sec),
    policy: `${quota.perMinute};w=60, ${quota.perDay};w=86400`,
  };
}

export function rateLimitHeaders(v: QuotaVerdict): Record<string, string> {
  return {
    'ratelimit-limit': String(v.limit),
    'ratelimit-remaining': String(v.remaining),
    'ratelimit-reset': String(v.resetSeconds),
    'ratelimit-policy': v.policy,
  };
}
