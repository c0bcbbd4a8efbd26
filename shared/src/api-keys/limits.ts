/**
 * API keys (issue 26): how many a user may hold, how they look, and each plan's quota. The web
 * shows these numbers and the server enforces them, so they live in one place.
 */
export const API_KEY_LIMITS = {
  keysPerUser: 5,
  nameLength: 40,
} as const;

/** Every key starts with this, so a key is told from a session token (and found by secret scanners). */
export const API_KEY_PREFIX = 'tw_live_';

export interface ApiKeyQuota {
  perMinute: number;
  perDay: number;
}

/** Requests per key: a minute window and a UTC-day window. Any plan other than basic gets the free quota. */
export const API_KEY_QUOTAS: Readonly<Record<'free' | 'basic', ApiKeyQuota>> = {
  free: { perMinute: 60, perDay: 5000 },
  basic: { perMinute: 300, perDay: 100_000 },
};
