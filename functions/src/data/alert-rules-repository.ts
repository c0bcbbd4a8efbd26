import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { PauseReason } from '@tapewatch/shared/alerts/limits';
import type { FlowFilter } from '@tapewatch/shared/schemas/flow';
import { batchPutAll } from './batch-write.ts';
import { keepIfAccountLive } from './account-gone.ts';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

export interface StoredAlertRule {
  id: string;
  userId: string;
  name: string;
  filters: FlowFilter[];
  watchlistId: string | null;
  status: 'active' | 'paused';
  pausedReason: PauseReason | null;
  createdAt: string;
  updatedAt: string;
}

export interface AlertSlots {
  active: string[];
  /** When each id's slot was taken (epoch ms): domain/alerts/slots.ts takes back a dead request's. */
  claims: Record<string, number>;
  version: number;
}

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

function toRule(it: Record<string, unknown>): StoredAlertRule {
  return {
    id: it.ruleId as string,
    userId: it.userId as string,
    name: it.name as string,
    filters: (it.filters as FlowFilter[] | undefined) ?? [],
    watchlistId: (it.watchlistId as string | null | undefined) ?? null,
    status: it.status === 'paused' ? 'paused' : 'active',
    pausedReason: (it.pausedReason as PauseReason | null | undefined) ?? null,
    createdAt: it.createdAt as string,
    updatedAt: it.updatedAt as string,
  };
}

function toItem(rule: StoredAlertRule): Record<string, unknown> {
  return {
    ...appKeys.alertRule(rule.userId, rule.id),
    ruleId: rule.id,
    userId: rule.userId,
    name: rule.name,
    filters: rule.filters,
    watchlistId: rule.watchlistId,
    status: rule.status,
    pausedReason: rule.pausedReason,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
}

/**
 * Alert rules in the app table (keys.ts): one partition for all rules (the matcher's load), the
 * user's active-rule slots, and a version the ingest containers poll to refresh their index.
 */
export class AlertRulesRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async listAll(): Promise<StoredAlertRule[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appKeys.alertRulesPartition() },
    });
    return items.map(toRule);
  }

  async listForUser(userId: string): Promise<StoredAlertRule[]> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': appKeys.alertRulesPartition(), ':p': appKeys.alertRuleUserPrefix(userId) },
      ConsistentRead: true,
    });
    return items.map(toRule).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(userId: string, ruleId: string): Promise<StoredAlertRule | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.alertRule(userId, ruleId), ConsistentRead: true }),
    );
    return out.Item ? toRule(out.Item) : null;
  }

  async put(rule: StoredAlertRule): Promise<void> {
    const key = appKeys.alertRule(rule.userId, rule.id);
    await this.db.send(new PutCommand({ TableName: this.table, Item: toItem(rule) }));
    await keepIfAccountLive(this.db, rule.userId, () =>
      this.db.send(new DeleteCommand({ TableName: this.table, Key: key })),
    );
    await this.bumpVersion();
  }

  /** Many rules in batches of 25 and one version bump (imports and the bench's 10,000 rules). */
  async putAll(rules: readonly StoredAlertRule[]): Promise<void> {
    const batches: Promise<void>[] = [];
    for (let i = 0; i < rules.length; i += 25)
      batches.push(batchPutAll(this.db, this.table, rules.slice(i, i + 25).map(toItem)));
    await Promise.all(batches);
    await this.bumpVersion();
  }

  async delete(userId: string, ruleId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.alertRule(userId, ruleId) }));
    await this.bumpVersion();
  }

  async slots(userId: string): Promise<AlertSlots | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.alertSlots(userId), ConsistentRead: true }),
    );
    if (!out.Item) return null;
    return {
      active: (out.Item.active as string[]) ?? [],
      claims: (out.Item.claims as Record<string, number> | undefined) ?? {},
      version: out.Item.version as number,
    };
  }

  /** Writes the slots if their version is still `expected` (null: none stored yet); false on a lost race. */
  async putSlots(userId: string, slots: AlertSlots, expected: number | null): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...appKeys.alertSlots(userId), active: slots.active, claims: slots.claims, version: slots.version },
          ConditionExpression: expected === null ? 'attribute_not_exists(pk)' : 'version = :v',
          ...(expected === null ? {} : { ExpressionAttributeValues: { ':v': expected } }),
        }),
      );
      await keepIfAccountLive(this.db, userId, () =>
        this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.alertSlots(userId) })),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** Drops a rule from the user's active slots (a lost race re-reads and retries). */
  async releaseSlot(userId: string, ruleId: string): Promise<void> {
    for (let attempt = 0; attempt < 30; attempt++) {
      const slots = await this.slots(userId);
      if (!slots?.active.includes(ruleId)) return;
      const { [ruleId]: _released, ...claims } = slots.claims;
      const next = { active: slots.active.filter((x) => x !== ruleId), claims, version: slots.version + 1 };
      if (await this.putSlots(userId, next, slots.version)) return;
    }
    throw new Error(`alert slots of ${userId} kept changing`);
  }

  /** Pauses a rule and frees its slot (the ingest path's plan check and the service share it). */
  async pause(rule: StoredAlertRule, reason: PauseReason, now = new Date()): Promise<StoredAlertRule> {
    const next: StoredAlertRule = {
      ...rule,
      status: 'paused',
      pausedReason: rule.status === 'paused' ? rule.pausedReason : reason,
      updatedAt: now.toISOString(),
    };
    await this.put(next);
    await this.releaseSlot(rule.userId, rule.id);
    return next;
  }

  /**
   * Called after a user's watchlists were written: when an active rule of theirs targets one of the
   * lists whose tickers changed (or that was deleted), the version is bumped so the ingest
   * containers reload the index with the list as it is now. Other users' edits cost one Query.
   */
  async watchlistsChanged(userId: string, listIds: readonly string[]): Promise<boolean> {
    if (listIds.length === 0) return false;
    const rules = await this.listForUser(userId);
    if (!rules.some((r) => r.status === 'active' && r.watchlistId !== null && listIds.includes(r.watchlistId)))
      return false;
    await this.bumpVersion();
    return true;
  }

  async version(): Promise<number> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.alertRulesVersion() }));
    return (out.Item?.version as number | undefined) ?? 0;
  }

  /** Tells ingest containers to reload their rule index. */
  async bumpVersion(): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: appKeys.alertRulesVersion(),
        UpdateExpression: 'ADD version :one',
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }
}
