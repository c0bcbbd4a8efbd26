import type { ApiKey, ApiKeysResponse } from '@tapewatch/shared/schemas/api-keys';
import { API_KEY_LIMITS } from '@tapewatch/shared/api-keys/limits';
import { ApiKeysRepository, type StoredApiKey } from '../../data/api-keys-repository.ts';
import { documentClient } from '../../data/client.ts';
import { quotaWindows, useWindows } from '../../domain/api-keys/quota.ts';
import { displayPrefix, freeSlot, hashApiKey, newApiKeyId, newApiKeySecret } from '../../domain/api-keys/secret.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { keyQuota } from '../../platform/api-key-authenticator.ts';
import { liveSockets } from '../../platform/live-sockets.ts';

const repo = (): ApiKeysRepository => new ApiKeysRepository(documentClient());

export async function listApiKeys(userId: string, subscription: string, now = new Date()): Promise<ApiKeysResponse> {
  const keys = repo();
  const stored = await keys.list(userId);
  const windows = quotaWindows(now);
  const counts = await keys.usage(
    stored.map((k) => k.hash),
    useWindows(windows),
  );
  const quota = keyQuota(subscription);
  const view = (k: StoredApiKey): ApiKey => ({
    id: k.keyId,
    name: k.name,
    prefix: k.prefix,
    created_at: k.createdAt,
    last_used_at: counts.get(k.hash)?.lastUsedAt ?? k.lastUsedAt ?? null,
    usage: {
      minute: { used: counts.get(k.hash)?.minute ?? 0, limit: quota.perMinute },
      day: { used: counts.get(k.hash)?.day ?? 0, limit: quota.perDay },
    },
  });
  return { keys: stored.map(view), limits: { keysPerUser: API_KEY_LIMITS.keysPerUser } };
}

const FULL = `You already have ${API_KEY_LIMITS.keysPerUser} API keys. Revoke one to create another.`;

/** Claims a free slot (a concurrent create that took it first makes this one try the next). */
export async function createApiKey(
  userId: string,
  subscription: string,
  name: string,
  now = new Date(),
): Promise<{ key: ApiKey; secret: string }> {
  const keys = repo();
  const secret = newApiKeySecret();
  const hash = hashApiKey(secret);
  for (let attempt = 0; attempt < API_KEY_LIMITS.keysPerUser; attempt++) {
    const taken = (await keys.list(userId)).map((k) => k.slot);
    const slot = freeSlot(taken, API_KEY_LIMITS.keysPerUser);
    if (slot === null) throw new ConflictError(FULL);
    const stored: StoredApiKey = {
      keyId: newApiKeyId(),
      slot,
      name,
      prefix: displayPrefix(secret),
      hash,
      createdAt: now.toISOString(),
    };
    if (!(await keys.claimSlot(userId, stored))) continue;
    await keys.putLookup({ userId, keyId: stored.keyId, slot, hash });
    const quota = keyQuota(subscription);
    return {
      secret,
      key: {
        id: stored.keyId,
        name,
        prefix: stored.prefix,
        created_at: stored.createdAt,
        last_used_at: null,
        usage: { minute: { used: 0, limit: quota.perMinute }, day: { used: 0, limit: quota.perDay } },
      },
    };
  }
  throw new ConflictError(FULL);
}

/** Another user's key id is "not found", exactly like an id that never existed. */
export async function revokeApiKey(userId: string, keyId: string): Promise<{ revoked: string }> {
  const keys = repo();
  const key = (await keys.list(userId)).find((k) => k.keyId === keyId);
  if (!key) throw new NotFoundError('No API key with this id.');
  await keys.remove(userId, key);
  // A socket opened with the key (its record names the key id) ends now too, not at its next connect.
  await liveSockets(documentClient()).closeForUser(userId, 'key_revoked', (c) => c.tokenId === keyId);
  return { revoked: keyId };
}
