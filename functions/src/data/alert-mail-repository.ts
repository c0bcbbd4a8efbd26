import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

export interface StoredMailState {
  lastSentAt: number | null;
  pending: FlowTrade[];
  pendingCount: number;
}

/** Day counters outlive their day by a little (AWS TTL; reads only ever ask for today's). */
const DAY_COUNTER_TTL_SECONDS = 3 * 86_400;

/**
 * Alert email bookkeeping in the app table: each rule's throttle state, the per-user daily count,
 * and the list of rules whose matches wait for a digest (the digest job reads it, no scan).
 */
export class AlertMailRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async state(userId: string, ruleId: string): Promise<StoredMailState | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.alertMailState(userId, ruleId), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return {
      lastSentAt: (out.Item.lastSentAt as number | null) ?? null,
      pending: (out.Item.pending as FlowTrade[]) ?? [],
      pendingCount: (out.Item.pendingCount as number) ?? 0,
    };
  }

  /** Stores the state and keeps the digest list in step (listed while matches wait). */
  async saveState(userId: string, ruleId: string, s: StoredMailState): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...appKeys.alertMailState(userId, ruleId), ...s },
      }),
    );
    if (s.pendingCount > 0)
      await this.db.send(
        new PutCommand({ TableName: this.table, Item: { ...appKeys.alertDigest(userId, ruleId), userId, ruleId } }),
      );
    else await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.alertDigest(userId, ruleId) }));
  }

  async waitingDigests(): Promise<Array<{ userId: string; ruleId: string }>> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appKeys.alertDigestsPartition() },
    });
    return items.map((it) => ({ userId: it.userId as string, ruleId: it.ruleId as string }));
  }

  async sentOn(userId: string, date: string): Promise<number> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.alertMailDay(userId, date), ConsistentRead: true }),
    );
    return (out.Item?.count as number | undefined) ?? 0;
  }

  async countSent(userId: string, date: string, now = new Date()): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: appKeys.alertMailDay(userId, date),
        UpdateExpression: 'ADD #c :one SET #t = :ttl',
        ExpressionAttributeNames: { '#c': 'count', '#t': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':ttl': Math.floor(now.getTime() / 1000) + DAY_COUNTER_TTL_SECONDS },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return (out.Attributes?.count as number | undefined) ?? 1;
  }
}
