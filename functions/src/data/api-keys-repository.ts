import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { keepIfAccountLive } from './account-gone.ts';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** A key as stored under its user (the secret itself is never stored). */
export interface StoredApiKey {
  keyId: string;
  slot: number;
  name: string;
  prefix: string;
  hash: string;
  createdAt: string;
  /** ISO minute of the last request, written once per minute of use. */
  lastUsedAt?: string;
}

/** The hash lookup item: enough to find the owner without reading the user's partition. */
export interface ApiKeyOwner {
  userId: string;
  keyId: string;
  slot: number;
  hash: string;
}

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

/** API keys and their usage counters in the app table (key design in keys.ts). */
export class ApiKeysRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async list(userId: string): Promise<StoredApiKey[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appKeys.userApiKeysPartition(userId) },
      ConsistentRead: true,
    });
    return items.map(toStored).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Claims the slot; false when another request took it first. The hash item is written after. */
  async claimSlot(userId: string, key: StoredApiKey): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...appKeys.userApiKeySlot(userId, key.slot), ...key },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      await keepIfAccountLive(this.db, userId, () =>
        this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.userApiKeySlot(userId, key.slot) })),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async putLookup(owner: ApiKeyOwner): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...appKeys.apiKeyByHash(owner.hash), ...owner },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    await keepIfAccountLive(this.db, owner.userId, async () => {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.apiKeyByHash(owner.hash) }));
      await this.db.send(
        new DeleteCommand({ TableName: this.table, Key: appKeys.userApiKeySlot(owner.userId, owner.slot) }),
      );
    });
  }

  /** Lookup first, so the key stops working before its listing goes. */
  async remove(userId: string, key: StoredApiKey): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.apiKeyByHash(key.hash) }));
    await this.db
      .send(
        new DeleteCommand({
          TableName: this.table,
          Key: appKeys.userApiKeySlot(userId, key.slot),
          ConditionExpression: 'keyId = :id',
          ExpressionAttributeValues: { ':id': key.keyId },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /**
   * Counts one request of a key in the same call that proves the key exists: the minute and day
   * counters live on the hash item, so the common request is one conditional ADD whose ALL_NEW
   * answer carries the owner and both positions. When a window has turned, a compare-and-set on the
   * stored window ids starts it at 1 (a concurrent request that loses the race retries and adds).
   * Null when the item is gone (revoked): the condition keeps an update from recreating it.
   * `requests` counts several requests at once (they share one write); the answer holds the totals.
   */
  async countUse(hash: string, windows: UseWindows, lastUsedAt: string, requests = 1): Promise<KeyUse | null> {
    const item = await this.count(appKeys.apiKeyByHash(hash), windows, requests, { lastUsedAt });
    return toUse(item);
  }

  /**
   * Counts requests in the account's own windows, shared by all its keys, so revoking and
   * re-creating a key starts no fresh quota. The item outlives every key (account deletion removes
   * it). Answers the totals of each window after this count.
   */
  async countAccountUse(userId: string, windows: UseWindows, requests = 1): Promise<{ minute: number; day: number }> {
    const item = await this.count(appKeys.apiKeyAccountQuota(userId), windows, requests, { create: true });
    return { minute: item?.mn as number, day: item?.dn as number };
  }

  /** The account's counts in the given windows (0 for a window that has turned). */
  async accountUsage(userId: string, windows: UseWindows): Promise<{ minute: number; day: number }> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.apiKeyAccountQuota(userId), ConsistentRead: true }),
    );
    const item = out.Item;
    return {
      minute: item?.mw === windows.minute ? ((item.mn as number) ?? 0) : 0,
      day: item?.dw === windows.day ? ((item.dn as number) ?? 0) : 0,
    };
  }

  /**
   * One counter item's windowed ADD (see countUse). `create` lets the first count write the item
   * (the account's counter); without it a missing item answers undefined (a revoked key).
   */
  private async count(
    Key: { pk: string; sk: string },
    windows: UseWindows,
    requests: number,
    opts: { lastUsedAt?: string; create?: boolean },
  ): Promise<Record<string, unknown> | undefined> {
    const at = opts.lastUsedAt === undefined ? {} : { ':at': opts.lastUsedAt };
    const setAt = opts.lastUsedAt === undefined ? [] : ['lastUsedAt = :at'];
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const out = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: opts.create
              ? `ADD mn :n, dn :n SET ${['mw = :mw', 'dw = :dw', ...setAt].join(', ')}`
              : `ADD mn :n, dn :n${setAt.length ? ` SET ${setAt.join(', ')}` : ''}`,
            ConditionExpression: opts.create
              ? 'attribute_not_exists(pk) OR (mw = :mw AND dw = :dw)'
              : 'attribute_exists(pk) AND mw = :mw AND dw = :dw',
            ExpressionAttributeValues: { ':n': requests, ':mw': windows.minute, ':dw': windows.day, ...at },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
      // Rare (once per window per key): read what is stored and move the windows on from exactly that.
      const current = await this.db.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: true }));
      if (!current.Item) {
        if (opts.create) continue;
        return undefined;
      }
      const stored = { minute: current.Item.mw as number | undefined, day: current.Item.dw as string | undefined };
      const target = laterWindows(stored, windows);
      if (stored.minute === target.minute && stored.day === target.day) {
        // Another request (or a clock slightly ahead) already moved to these windows: add to them.
        windows = target;
        continue;
      }
      const sameMinute = stored.minute === target.minute;
      const sameDay = stored.day === target.day;
      const sets = ['mw = :mw', 'dw = :dw', ...setAt];
      const adds: string[] = [];
      (sameMinute ? adds : sets).push(sameMinute ? 'mn :n' : 'mn = :n');
      (sameDay ? adds : sets).push(sameDay ? 'dn :n' : 'dn = :n');
      const values: Record<string, unknown> = { ':n': requests, ':mw': target.minute, ':dw': target.day, ...at };
      let condition = 'attribute_exists(pk)';
      if (stored.minute === undefined) condition += ' AND attribute_not_exists(mw)';
      else {
        condition += ' AND mw = :oldMw';
        values[':oldMw'] = stored.minute;
      }
      if (stored.day === undefined) condition += ' AND attribute_not_exists(dw)';
      else {
        condition += ' AND dw = :oldDw';
        values[':oldDw'] = stored.day;
      }
      try {
        const out = await this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key,
            UpdateExpression: `SET ${sets.join(', ')}${adds.length ? ` ADD ${adds.join(', ')}` : ''}`,
            ConditionExpression: condition,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return out.Attributes;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        windows = target;
      }
    }
    throw new Error('API key counter: too much contention on one key');
  }

  /** Each key's counts in the given windows (0 for a window that has turned since its last request). */
  async usage(hashes: readonly string[], windows: UseWindows): Promise<Map<string, KeyUsage>> {
    const counts = new Map<string, KeyUsage>();
    if (hashes.length === 0) return counts;
    // At most 5 keys: one BatchGet (limit 100).
    const out = await this.db.send(
      new BatchGetCommand({
        RequestItems: { [this.table]: { Keys: hashes.map((h) => appKeys.apiKeyByHash(h)) } },
      }),
    );
    for (const item of out.Responses?.[this.table] ?? []) {
      counts.set(item.hash as string, {
        minute: item.mw === windows.minute ? ((item.mn as number) ?? 0) : 0,
        day: item.dw === windows.day ? ((item.dn as number) ?? 0) : 0,
        ...(item.lastUsedAt ? { lastUsedAt: item.lastUsedAt as string } : {}),
      });
    }
    return counts;
  }
}

/** The window ids a request counts in: the epoch second the minute starts, the UTC date. */
export interface UseWindows {
  minute: number;
  day: string;
}

export interface KeyUsage {
  minute: number;
  day: number;
  lastUsedAt?: string;
}

/** One counted request: who owns the key and this request's position in each window (1 for the first). */
export interface KeyUse {
  owner: ApiKeyOwner;
  minute: number;
  day: number;
}

/** Windows never move back: a request whose clock is behind the stored window counts in the stored one. */
function laterWindows(stored: Partial<UseWindows>, mine: UseWindows): UseWindows {
  return {
    minute: stored.minute !== undefined && stored.minute > mine.minute ? stored.minute : mine.minute,
    day: stored.day !== undefined && stored.day > mine.day ? stored.day : mine.day,
  };
}

function toUse(item: Record<string, unknown> | undefined): KeyUse | null {
  if (!item || typeof item.hash !== 'string' || typeof item.userId !== 'string') return null;
  return {
    owner: {
      userId: item.userId,
      keyId: item.keyId as string,
      slot: item.slot as number,
      hash: item.hash,
    },
    minute: item.mn as number,
    day: item.dn as number,
  };
}

function toStored(item: Record<string, unknown>): StoredApiKey {
  return {
    keyId: item.keyId as string,
    slot: item.slot as number,
    name: item.name as string,
    prefix: item.prefix as string,
    hash: item.hash as string,
    createdAt: item.createdAt as string,
    ...(item.lastUsedAt ? { lastUsedAt: item.lastUsedAt as string } : {}),
  };
}
