import { ApiKeysRepository, type KeyUse } from '../data/api-keys-repository.ts';
import { documentClient } from '../data/client.ts';
import { UsersRepository } from '../data/users-repository.ts';
import { judgeQuota, quotaFor, quotaWindows, useWindows } from '../domain/api-keys/quota.ts';
import { hashApiKey, isWellFormedApiKey, sameHash } from '../domain/api-keys/secret.ts';
import type { ApiKeyQuota } from '@tapewatch/shared/api-keys/limits';
import type { Caller } from '../lib/auth-guard.ts';
import { GroupCommit } from '../lib/group-commit.ts';
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

/** What one shared write answered: the key's use (null: gone), the owner's profile, at which time. */
interface KeyCount {
  use: KeyUse | null;
  profile: Awaited<ReturnType<UsersRepository['getProfile']>> | undefined;
  windows: ReturnType<typeof quotaWindows>;
  now: Date;
}

/**
 * Counts `requests` requests of one key hash with one conditional update (which also proves the key
 * exists and names the owner) and reads the owner's profile in the same round when this container
 * has seen the key before (else just after).
 */
async function countRequests(hash: string, requests: number): Promise<KeyCount> {
  const db = documentClient();
  const now = new Date();
  const windows = quotaWindows(now);
  // "Last used" at minute precision: the counter update writes it, so it costs no extra call.
  const lastUsedAt = new Date((windows.minute.endsAt - 60) * 1000).toISOString();
  const users = new UsersRepository(db);
  const hinted = ownerHints.get(hash);
  const [use, early] = await Promise.all([
    new ApiKeysRepository(db).countUse(hash, useWindows(windows), lastUsedAt, requests),
    hinted ? users.getProfile(hinted) : undefined,
  ]);
  // The lookup was by hash; the constant-time check guards against a lookup that ever matched loosely.
  if (!use || !sameHash(use.owner.hash, hash)) {
    ownerHints.delete(hash);
    return { use: null, profile: undefined, windows, now };
  }
  rememberOwner(hash, use.owner.userId);
  // The hint only chose which profile to read early; the update's answer says whose key this is.
  const profile = hinted === use.owner.userId ? early : await users.getProfile(use.owner.userId);
  return { use, profile, windows, now };
}

/**
 * Concurrent requests of one key share the next count (lib/group-commit.ts): a script firing
 * parallel requests with one key costs one update per round instead of queueing on the key's item.
 */
const counts = new GroupCommit(countRequests);

/**
 * An API key request: the key is found by the SHA-256 of what was sent, and an update that starts
 * after the request arrived counts it in both quota windows and answers with the owner (nothing is
 * cached, so a revoked key fails on its next request); the owner's profile, read in the same round,
 * gives the plan as it is now. Each request of a shared update gets its own position in the windows,
 * so exactly the quota's number get through.
 * Every refusal is the same null, whether the key was malformed, unknown or revoked, so a caller
 * learns nothing about which keys exist.
 */
export async function apiKeyAuthenticator(secret: string): Promise<Caller | null> {
  if (!isWellFormedApiKey(secret)) return null;
  const { result, index, size } = await counts.run(hashApiKey(secret));
  const { use, profile, windows, now } = result;
  if (!use || !profile?.confirmed) return null;
  const quota = keyQuota(profile.subscription);
  // The update added `size`: this request's place is among the last `size` of each window.
  const position = { minute: use.minute - size + 1 + index, day: use.day - size + 1 + index };
  return {
    userId: profile.userId,
    username: profile.username,
    email: profile.email,
    subscription: profile.subscription,
    token: '',
    apiKey: {
      keyId: use.owner.keyId,
      quota: judgeQuota(quota, position, windows, now),
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
