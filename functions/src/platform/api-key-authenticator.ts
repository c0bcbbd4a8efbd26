import { ApiKeysRepository, type KeyUse } from '../data/api-keys-repository.ts';
import { documentClient } from '../data/client.ts';
import { appKeys } from '../data/keys.ts';
import { tableName } from '../data/tables.ts';
import { UsersRepository } from '../data/users-repository.ts';
import { readUnlessWritten } from '../data/write-signal.ts';
import { judgeQuota, quotaFor, quotaWindows, useWindows } from '../domain/api-keys/quota.ts';
import { hashApiKey, isWellFormedApiKey, sameHash } from '../domain/api-keys/secret.ts';
import type { ApiKeyQuota } from '@tapewatch/shared/api-keys/limits';
import type { Caller } from '../lib/auth-guard.ts';
import { GroupCommit } from '../lib/group-commit.ts';
import { isLocalRuntime } from './runtime-kind.ts';
import { onCachesCleared } from '../lib/container-caches.ts';

/**
 * The caller each key hash was last accepted as, in this container. Not a credential cache: every
 * request still proves the key exists with its counter update and reads the owner's profile
 * (profileReader). It
 * serves two things that are checked before anything is answered:
 * - the owner (a hash's owner never changes) lets the profile be read in parallel with the update;
 * - the whole caller lets a read-only route run while the key is being counted (lib/http.ts), its
 *   answer kept only when the request's own check confirms the same caller.
 * A revoked key fails on the update whatever is kept here.
 */
const lastCallers = new Map<string, Caller>();
onCachesCleared(() => lastCallers.clear());

function remember(hash: string, caller: Caller): void {
  lastCallers.delete(hash);
  if (lastCallers.size >= 5000) lastCallers.delete(lastCallers.keys().next().value!);
  lastCallers.set(hash, caller);
}

/** The caller this key was last accepted as here (unverified: see lastCallers), or null. */
export function provisionalKeyCaller(secret: string): Caller | null {
  if (!isWellFormedApiKey(secret)) return null;
  return lastCallers.get(hashApiKey(secret)) ?? null;
}

/** What one shared write answered: the key's use (null: gone), the owner's profile, at which time. */
interface KeyCount {
  use: KeyUse | null;
  /** The owner's totals in the account's windows (shared by all its keys), after this count. */
  account: { minute: number; day: number } | undefined;
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
  const readProfile = profileReader(new UsersRepository(db));
  const keys = new ApiKeysRepository(db);
  const ids = useWindows(windows);
  const hinted = lastCallers.get(hash)?.userId;
  const [use, early] = await Promise.all([
    keys.countUse(hash, ids, lastUsedAt, requests),
    hinted ? readProfile(hinted) : undefined,
  ]);
  // The lookup was by hash; the constant-time check guards against a lookup that ever matched loosely.
  if (!use || !sameHash(use.owner.hash, hash)) {
    lastCallers.delete(hash);
    return { use: null, account: undefined, profile: undefined, windows, now };
  }
  // The account's counter only once the key proved to exist: a key revoked (or an account deleted)
  // must not write (or recreate) its owner's counter. The hint only chose which profile to read early.
  const owner = use.owner.userId;
  const [profile, account] = await Promise.all([
    hinted === owner ? early : readProfile(owner),
    keys.countAccountUse(owner, ids, requests),
  ]);
  return { use, account, profile, windows, now };
}

/**
 * The owner's profile as a read now would return it. In the local runtime the store tells of
 * every write to the item (data/write-signal.ts), so a profile read since no write reached it
 * stands; the key's own counter update is another item and leaves it. On DynamoDB this always reads.
 */
function profileReader(users: UsersRepository) {
  const table = tableName('app');
  return (userId: string) => {
    const key = appKeys.userProfile(userId);
    return readUnlessWritten(`profile#${userId}`, () => users.getProfile(userId), { table, item: key });
  };
}

/**
 * Concurrent requests of one key share the next count (lib/group-commit.ts): a script firing
 * parallel requests with one key costs one update per round instead of queueing on the key's item.
 */
const counts = new GroupCommit(countRequests);

/**
 * An API key request: the key is found by the SHA-256 of what was sent, and an update that starts
 * after the request arrived counts it in both quota windows (the key's, for its usage listing, and
 * the account's, which the quota judges) and answers with the owner (nothing is
 * cached, so a revoked key fails on its next request); the owner's profile, read in the same round,
 * gives the plan as it is now. Each request of a shared update gets its own position in the windows,
 * so exactly the quota's number get through.
 * Every refusal is the same null, whether the key was malformed, unknown or revoked, so a caller
 * learns nothing about which keys exist.
 */
export async function apiKeyAuthenticator(secret: string): Promise<Caller | null> {
  if (!isWellFormedApiKey(secret)) return null;
  const hash = hashApiKey(secret);
  const { result, index, size } = await counts.run(hash);
  const { use, account, profile, windows, now } = result;
  if (!use || !account || !profile?.confirmed) {
    lastCallers.delete(hash);
    return null;
  }
  const quota = keyQuota(profile.subscription);
  // The quota is the account's (all its keys share it). The update added `size`: this request's
  // place is among the last `size` of each window.
  const position = { minute: account.minute - size + 1 + index, day: account.day - size + 1 + index };
  const caller: Caller = {
    userId: profile.userId,
    username: profile.username,
    email: profile.email,
    subscription: profile.subscription,
    token: '',
  };
  remember(hash, caller);
  return { ...caller, apiKey: { keyId: use.owner.keyId, quota: judgeQuota(quota, position, windows, now) } };
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
