import { ApiKeysRepository } from '../data/api-keys-repository.ts';
import { documentClient } from '../data/client.ts';
import { UsersRepository } from '../data/users-repository.ts';
import { judgeQuota, quotaFor, quotaWindows } from '../domain/api-keys/quota.ts';
import { hashApiKey, isWellFormedApiKey, sameHash } from '../domain/api-keys/secret.ts';
import type { ApiKeyQuota } from '@tapewatch/shared/api-keys/limits';
import type { Caller } from '../lib/auth-guard.ts';
import { isLocalRuntime } from './runtime-kind.ts';

/**
 * An API key request: the key is found by the SHA-256 of what was sent (nothing is cached, so a
 * revoked key fails on its next request), then the owner's profile (the plan, read now) and the
 * key's two counters are read and bumped together. Every refusal is the same null, whether the
 * key was malformed, unknown or revoked, so a caller learns nothing about which keys exist.
 */
export async function apiKeyAuthenticator(secret: string, now = new Date()): Promise<Caller | null> {
  if (!isWellFormedApiKey(secret)) return null;
  const db = documentClient();
  const keys = new ApiKeysRepository(db);
  const hash = hashApiKey(secret);
  const owner = await keys.ownerByHash(hash);
  // The lookup was by hash; the constant-time check guards against a lookup that ever matched loosely.
  if (!owner || !sameHash(owner.hash, hash)) return null;
  const windows = quotaWindows(now);
  const [profile, minute, day] = await Promise.all([
    new UsersRepository(db).getProfile(owner.userId),
    keys.count(owner.keyId, windows.minute.id, windows.minute.endsAt + 60),
    keys.count(owner.keyId, windows.day.id, windows.day.endsAt + 86_400),
  ]);
  if (!profile?.confirmed) return null;
  // The first request of a minute records "last used" (minute precision: one write per minute).
  if (minute === 1)
    await keys.markUsed(
      owner.userId,
      owner.slot,
      owner.keyId,
      new Date(windows.minute.endsAt * 1000 - 60_000).toISOString(),
    );
  const quota = keyQuota(profile.subscription);
  return {
    userId: profile.userId,
    username: profile.username,
    email: profile.email,
    subscription: profile.subscription,
    token: '',
    apiKey: { keyId: owner.keyId, quota: judgeQuota(quota, { minute, day }, windows, now) },
  };
}

export function keyQuota(subscription: string): ApiKeyQuota {
  return quotaOverride() ?? quotaFor(subscription);
}

/** Tests set a small quota (e.g. `3,5`) to reach the limit quickly; honoured by the local runtime only. */
function quotaOverride(): ApiKeyQuota | null {
  const raw = process.env.API_KEY_QUOTA_OVERRIDE;
  if (!raw || !isLocalRuntime()) return null;
  const [perMinute, perDay] = raw.split(',').map(Number);
  return perMinute && perDay ? { perMinute, perDay } : null;
}
