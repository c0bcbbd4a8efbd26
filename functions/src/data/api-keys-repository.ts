import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
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

  async ownerByHash(hash: string): Promise<ApiKeyOwner | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.apiKeyByHash(hash) }));
    if (!out.Item) return null;
    return {
      userId: out.Item.userId as string,
      keyId: out.Item.keyId as string,
      slot: out.Item.slot as number,
      hash: out.Item.hash as string,
    };
  }

  /** One atomic ADD: the answer is this request's position in the window (1 for the first). */
  async count(keyId: string, windowId: string, expiresAt: number): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: appKeys.apiKeyUsage(keyId, windowId),
        UpdateExpression: 'ADD n :one SET #ttl = :ttl',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': expiresAt },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return out.Attributes?.n as number;
  }

  /** Counts of the given windows per key (0 for a window without requests). */
  async usage(keyIds: readonly string[], windowIds: readonly string[]): Promise<Map<string, number>> {
    const keys = keyIds.flatMap((id) => windowIds.map((w) => appKeys.apiKeyUsage(id, w)));
    const counts = new Map<string, number>();
    if (keys.length === 0) return counts;
    // At most 5 keys x 2 windows: one BatchGet (limit 100).
    const out = await this.db.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys } } }));
    for (const item of out.Responses?.[this.table] ?? []) counts.set(`${item.pk}|${item.sk}`, item.n as number);
    return counts;
  }

  async markUsed(userId: string, slot: number, keyId: string, minute: string): Promise<void> {
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: appKeys.userApiKeySlot(userId, slot),
          UpdateExpression: 'SET lastUsedAt = :at',
          ConditionExpression: 'keyId = :id',
          ExpressionAttributeValues: { ':at': minute, ':id': keyId },
        }),
      )
      .catch((err) => {
        // Revoked in between: nothing to mark.
        if (!isConditionFailure(err)) throw err;
      });
  }
}

export function usageKey(keyId: string, windowId: string): string {
  const k = appKeys.apiKeyUsage(keyId, windowId);
  return `${k.pk}|${k.sk}`;
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
