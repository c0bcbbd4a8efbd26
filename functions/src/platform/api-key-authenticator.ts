import { ApiKeysRepository } from '../data/api-keys-repository.ts';
import { documentClient } from '../data/client.ts';
import { UsersRepository } from '../data/users-repository.ts';
import { judgeQuota, quotaFor, quotaWindows, useWindows } from '../domain/api-keys/quota.ts';
import { hashApiKey, isWellFormedApiKey, sameHash } from '../domain/api-keys/secret.ts';
import type { ApiKeyQuota } from '@tapewatch/shared/api-keys/limits';
import type { Caller } from '../lib/auth-guard.ts';
import { isLocalRuntime } from './runtime-kind.ts';

/**
 * Which user a key hash belonged to when this container last saw it. Not a credential cache: every
 * request still proves the key exists with its counter update, and the hint only lets the owner's
 * profile (the plan) be read in parallel with that update instead of after it. A revoked key fails
 * on the update whatever the hint says; a wrong hint costs one more read, never another user's plan.
 */
const ownerHints = new Map<string, string>();

function rememberOwner(hash: string, userId: string): void {
  if (ownerHints.get(hash) === userId) return;
  if (ownerHints.size >= 5000) ownerHints.delete(ownerHints.keys().next().value!);
  ownerHints.set(hash, userId);
}

/**
 * An API key request: the key is found by the SHA-256 of what was sent, and the same conditional
 * update counts the request in both quota windows and answers with the owner (nothing is cached,
 * so a revoked key fails on its next request); the owner's profile, read in the same round when
 * this container has seen the key before (else just after), gives the plan as it is now.
 * Every refusal is the same null, whether the key was malformed, unknown or revoked, so a caller
 * learns nothing about which keys exist.
 */
export async function apiKeyAuthenticator(secret: string, now = new Date()): Promise<Caller | null> {
  if (!isWellFormedApiKey(secret)) return null;
  const db = documentClient();
  const hash = hashApiKey(secret);
  const windows = quotaWindows(now);
  // "Last used" at minute precision: the counter update writes it, so it costs no extra call.
  const lastUsedAt = new Date((windows.minute.endsAt - 60) * 1000).toISOString();
  const users = new UsersRepository(db);
  const hinted = ownerHints.get(hash);
  const [use, early] = await Promise.all([
    new ApiKeysRepository(db).countUse(hash, useWindows(windows), lastUsedAt),
    hinted ? users.getProfile(hinted) : undefined,
  ]);
  // The lookup was by hash; the constant-time check guards against a lookup that ever matched loosely.
  if (!use || !sameHash(use.owner.hash, hash)) {
    ownerHints.delete(hash);
    return null;
  }
  rememberOwner(hash, use.owner.userId);
  // The hint only chose which profile to read early; the update's answer says whose key this is.
  const profile = hinted === use.owner.userId ? early : await users.getProfile(use.owner.userId);
  if (!profile?.confirmed) return null;
  const quota = keyQuota(profile.subscription);
  return {
    userId: profile.userId,
    username: profile.username,
    email: profile.email,
    subscription: profile.subscription,
    token: '',
    apiKey: {
      keyId: use.owner.keyId,
      quota: judgeQuota(quota, { minute: use.minute, day: use.day }, windows, now),
    },
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
