import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** The paid-plan fields stored on the user's profile item next to `subscription`. */
export interface StoredSubscription {
  subscription: string;
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** Ordering key of the last applied change (event.created * 10 + rank); older events lose. */
  subscriptionVersion?: number;
}

export interface PlanChange {
  userId: string;
  from: string;
  to: string;
  by: string;
  reason: string;
  at: string;
}

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

/** Plan, payment ids, processed webhook events and the plan-change log, all in the app table. */
export class SubscriptionsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  /** The plans of many users in BatchGets of 100 (a user without a profile is absent from the map). */
  async plans(userIds: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const chunks: string[][] = [];
    for (let i = 0; i < userIds.length; i += 100) chunks.push(userIds.slice(i, i + 100));
    await Promise.all(
      chunks.map(async (chunk) => {
        const byPk = new Map(chunk.map((u) => [appKeys.userProfile(u).pk, u]));
        let keys: Record<string, unknown>[] = chunk.map((u) => ({ ...appKeys.userProfile(u) }));
        for (let attempt = 0; keys.length > 0; attempt++) {
          if (attempt > 8) throw new Error('DynamoDB kept returning unprocessed keys');
          const res = await this.db.send(
            new BatchGetCommand({
              RequestItems: {
                [this.table]: { Keys: keys, ProjectionExpression: 'pk, subscription', ConsistentRead: true },
              },
            }),
          );
          for (const it of res.Responses?.[this.table] ?? [])
            out.set(byPk.get(it.pk as string)!, (it.subscription as string | undefined) ?? '');
          keys = (res.UnprocessedKeys?.[this.table]?.Keys ?? []) as Record<string, unknown>[];
          if (keys.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
      }),
    );
    return out;
  }

  async get(userId: string): Promise<StoredSubscription | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.userProfile(userId) }));
    if (!out.Item) return null;
    return {
      subscription: (out.Item.subscription as string | undefined) ?? 'free',
      stripeCustomerId: out.Item.stripeCustomerId as string | undefined,
      stripeSubscriptionId: out.Item.stripeSubscriptionId as string | undefined,
      subscriptionVersion: out.Item.subscriptionVersion as number | undefined,
    };
  }

  /**
   * Sets the plan (and ids) unless a newer change was applied already. False when the user is
   * gone or the stored version is newer (an out-of-order event).
   */
  async apply(
    userId: string,
    change: Required<Pick<StoredSubscription, 'subscription' | 'subscriptionVersion'>> & StoredSubscription,
    opts: { force?: boolean } = {},
  ): Promise<boolean> {
    const sets = ['subscription = :s', 'subscriptionVersion = :v'];
    const values: Record<string, unknown> = { ':s': change.subscription, ':v': change.subscriptionVersion };
    if (change.stripeCustomerId) {
      sets.push('stripeCustomerId = :c');
      values[':c'] = change.stripeCustomerId;
    }
    if (change.stripeSubscriptionId) {
      sets.push('stripeSubscriptionId = :sub');
      values[':sub'] = change.stripeSubscriptionId;
    }
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: appKeys.userProfile(userId),
          UpdateExpression: `SET ${sets.join(', ')}`,
          // force: support's override of a version pinned by a bad event (never used by webhooks).
          ConditionExpression: opts.force
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND (attribute_not_exists(subscriptionVersion) OR subscriptionVersion <= :v)',
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async linkCustomer(customerId: string, userId: string): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { ...appKeys.paymentCustomer(customerId), userId } }),
    );
  }

  async userIdForCustomer(customerId: string): Promise<string | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.paymentCustomer(customerId) }));
    return (out.Item?.userId as string | undefined) ?? null;
  }

  async isEventProcessed(eventId: string): Promise<boolean> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.paymentEvent(eventId) }));
    return out.Item !== undefined;
  }

  /** Kept 30 days (Stripe retries for 3); recorded after the change so a crash is retried. */
  async markEventProcessed(eventId: string, type: string, now: Date): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...appKeys.paymentEvent(eventId),
          type,
          at: now.toISOString(),
          ttl: Math.floor(now.getTime() / 1000) + 30 * 86400,
        },
      }),
    );
  }

  async logPlanChange(change: PlanChange): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { ...appKeys.planChange(change.userId, change.at), ...change } }),
    );
  }

  async planChanges(userId: string): Promise<PlanChange[]> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': appKeys.planChangePartition(userId) },
      }),
    );
    return (out.Items ?? []).map(
      (i) => ({ userId, from: i.from, to: i.to, by: i.by, reason: i.reason, at: i.at }) as PlanChange,
    );
  }
}
