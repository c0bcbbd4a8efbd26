import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keepIfAccountLive } from './account-gone.ts';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** Browsers a user may have subscribed at once (one per device/browser profile). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** The id of a subscription: its endpoint's hash, so a browser subscribing again replaces itself. */
export const pushSubscriptionId = (endpoint: string): string =>
  createHash('sha256').update(endpoint).digest('hex').slice(0, 32);

/** What a browser's PushManager.subscribe() gives (its toJSON()), as the web-push library takes it. */
export interface PushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface StoredPushSubscription extends PushSubscription {
  id: string;
  createdAt: string;
}

/** Web Push subscriptions in the app table, in one partition keyed by user (keys.ts). */
export class PushSubscriptionsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async list(userId: string): Promise<StoredPushSubscription[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
      ExpressionAttributeValues: {
        ':pk': appKeys.pushSubscriptionsPartition(),
        ':user': appKeys.pushSubscriptionsOfUser(userId),
      },
    });
    return items.map(fromItem);
  }

  /** Every user's subscriptions, by user: the live path's listing (one Query, paged). */
  async listAll(): Promise<Map<string, StoredPushSubscription[]>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appKeys.pushSubscriptionsPartition() },
    });
    const byUser = new Map<string, StoredPushSubscription[]>();
    for (const it of items) {
      const userId = it.userId as string;
      byUser.set(userId, [...(byUser.get(userId) ?? []), fromItem(it)]);
    }
    return byUser;
  }

  /** Stores (or renews) a subscription; the oldest go when the user has more than the limit. */
  async put(userId: string, sub: PushSubscription, now = new Date()): Promise<StoredPushSubscription> {
    const stored: StoredPushSubscription = {
      id: pushSubscriptionId(sub.endpoint),
      endpoint: sub.endpoint,
      keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth },
      createdAt: now.toISOString(),
    };
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...appKeys.pushSubscription(userId, stored.id),
          userId,
          endpoint: stored.endpoint,
          keys: stored.keys,
          createdAt: stored.createdAt,
        },
      }),
    );
    await keepIfAccountLive(this.db, userId, () => this.delete(userId, stored.id));
    const all = (await this.list(userId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const old of all.slice(0, Math.max(0, all.length - MAX_PUSH_SUBSCRIPTIONS))) await this.delete(userId, old.id);
    return stored;
  }

  async delete(userId: string, id: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.pushSubscription(userId, id) }));
  }
}

function fromItem(it: Record<string, unknown>): StoredPushSubscription {
  const sk = it.sk as string;
  return {
    id: sk.slice(sk.lastIndexOf('#') + 1),
    endpoint: it.endpoint as string,
    keys: it.keys as PushSubscription['keys'],
    createdAt: it.createdAt as string,
  };
}
