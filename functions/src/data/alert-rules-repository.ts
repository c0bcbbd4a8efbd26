import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ALERT_LIMITS, type PauseReason } from '@tapewatch/shared/alerts/limits';
import type { FlowFilter } from '@tapewatch/shared/schemas/flow';
import { batchPutAll } from './batch-write.ts';
import { keepIfAccountLive } from './account-gone.ts';
import { currentRules, resolveRules, type ResolvedRules, type RuleRecord } from './alert-slots.ts';
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

type Resolved = ResolvedRules<StoredAlertRule>;
type Rec = RuleRecord<StoredAlertRule>;

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

/** Retries of a write that lost a race (another tab, the ingest path's plan check) before giving up. */
const ATTEMPTS = 30;

export class AlertRulesChangingError extends Error {
  constructor(userId: string) {
    super(`the alert rules of ${userId} kept changing`);
    this.name = 'AlertRulesChangingError';
  }
}

function toRecord(it: Record<string, unknown>): Rec {
  const slot = typeof it.slot === 'number' ? it.slot : null;
  const rule: StoredAlertRule = {
    id: it.ruleId as string,
    userId: it.userId as string,
    name: it.name as string,
    filters: (it.filters as FlowFilter[] | undefined) ?? [],
    watchlistId: (it.watchlistId as string | null | undefined) ?? null,
    status: slot !== null || it.status !== 'paused' ? 'active' : 'paused',
    pausedReason: slot === null ? ((it.pausedReason as PauseReason | null | undefined) ?? null) : null,
    createdAt: it.createdAt as string,
    updatedAt: it.updatedAt as string,
  };
  return { slot, rev: (it.rev as number | undefined) ?? 0, rule };
}

function toItem(rule: StoredAlertRule, slot: number | null, rev: number): Record<string, unknown> {
  return {
    ...(slot === null ? appKeys.alertRule(rule.userId, rule.id) : appKeys.alertRuleSlot(rule.userId, slot)),
    ...(slot === null ? {} : { slot }),
    rev,
    ruleId: rule.id,
    userId: rule.userId,
    name: rule.name,
    filters: rule.filters,
    watchlistId: rule.watchlistId,
    status: slot === null ? rule.status : 'active',
    pausedReason: slot === null ? rule.pausedReason : null,
    createdAt: rule.createdAt,
    updatedAt: rule.updatedAt,
  };
}

const keyOf = (rec: Rec) =>
  rec.slot === null
    ? appKeys.alertRule(rec.rule.userId, rec.rule.id)
    : appKeys.alertRuleSlot(rec.rule.userId, rec.slot);

/** The item still holds this rule at this rev (items stored before revs have none). */
function unchanged(rec: Rec): { ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> } {
  return rec.rev === 0
    ? {
        ConditionExpression: 'ruleId = :id AND attribute_not_exists(rev)',
        ExpressionAttributeValues: { ':id': rec.rule.id },
      }
    : {
        ConditionExpression: 'ruleId = :id AND rev = :rev',
        ExpressionAttributeValues: { ':id': rec.rule.id, ':rev': rec.rev },
      };
}

/**
 * Alert rules in the app table (keys.ts): one partition for all rules (the matcher's load), an
 * active rule in one of its user's slots (data/alert-slots.ts), and a version the ingest
 * containers poll to refresh their index. Every change is one conditional write that decides it;
 * a lost race re-reads and tries again.
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
    const byUser = new Map<string, Rec[]>();
    for (const it of items) {
      const rec = toRecord(it);
      const list = byUser.get(rec.rule.userId) ?? [];
      list.push(rec);
      byUser.set(rec.rule.userId, list);
    }
    return [...byUser.values()].flatMap((recs) => currentRules(resolveRules(recs, ALERT_LIMITS.activeRules)));
  }

  /** The user's rule items, resolved (strongly consistent). */
  async resolveForUser(userId: string): Promise<Resolved> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': appKeys.alertRulesPartition(), ':p': appKeys.alertRuleUserPrefix(userId) },
      ConsistentRead: true,
    });
    return resolveRules(items.map(toRecord), ALERT_LIMITS.activeRules);
  }

  async listForUser(userId: string): Promise<StoredAlertRule[]> {
    return currentRules(await this.resolveForUser(userId)).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(userId: string, ruleId: string): Promise<StoredAlertRule | null> {
    return (await this.resolveForUser(userId)).byId.get(ruleId)?.current.rule ?? null;
  }

  /**
   * Writes `rule` as active into a free slot with one conditional put; false when the user has
   * `ALERT_LIMITS.activeRules` active rules. `own` is the rule's item under its own id (a resume):
   * removed once the slot holds the rule, unless it was rewritten meanwhile.
   */
  private async intoSlot(rule: StoredAlertRule, own: Rec | null): Promise<boolean> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const resolved = await this.resolveForUser(rule.userId);
      if (await this.tidy(resolved)) continue;
      const placed = resolved.byId.get(rule.id);
      if (placed && placed.slots.length > 0) return true;
      if (resolved.activeCount - (placed?.current.rule.status === 'active' ? 1 : 0) >= ALERT_LIMITS.activeRules)
        return false;
      if (resolved.freeSlot === null) return false;
      const item = toItem({ ...rule, status: 'active', pausedReason: null }, resolved.freeSlot, (own?.rev ?? 0) + 1);
      if (!(await this.putIf(item, { ConditionExpression: 'attribute_not_exists(sk)' }))) continue;
      await keepIfAccountLive(this.db, rule.userId, () =>
        this.db.send(
          new DeleteCommand({
            TableName: this.table,
            Key: appKeys.alertRuleSlot(rule.userId, resolved.freeSlot as number),
          }),
        ),
      );
      if (own) await this.deleteIf(own);
      await this.bumpVersion();
      return true;
    }
    throw new AlertRulesChangingError(rule.userId);
  }

  /**
   * Frees what crashes and races left (data/alert-slots.ts) when a write needs a slot: second
   * slots of one rule, and active rules stored before slots, moved into a free one. True when it
   * wrote anything (the caller re-reads).
   */
  private async tidy(resolved: Resolved): Promise<boolean> {
    let wrote = false;
    for (const spare of resolved.spareSlots) wrote = (await this.deleteIf(spare)) || wrote;
    const [legacy] = resolved.unslotted;
    if (legacy && resolved.freeSlot !== null) {
      const item = toItem(legacy.rule, resolved.freeSlot, legacy.rev + 1);
      if (await this.putIf(item, { ConditionExpression: 'attribute_not_exists(sk)' })) await this.deleteIf(legacy);
      wrote = true;
    }
    return wrote;
  }

  /** Creates an active rule; false when the user has the most active rules. */
  async create(rule: StoredAlertRule): Promise<boolean> {
    return this.intoSlot({ ...rule, status: 'active', pausedReason: null }, null);
  }

  /** Resumes a paused rule; false when the user has the most active rules, null when it is gone. */
  async resume(userId: string, ruleId: string, now = new Date()): Promise<StoredAlertRule | null | false> {
    const places = (await this.resolveForUser(userId)).byId.get(ruleId);
    if (!places) return null;
    if (places.slots.length > 0) return places.current.rule;
    const next: StoredAlertRule = {
      ...places.current.rule,
      status: 'active',
      pausedReason: null,
      updatedAt: now.toISOString(),
    };
    return (await this.intoSlot(next, places.own)) ? next : false;
  }

  /** Rewrites a rule where it is stored (name, filters, list); null when it is gone. */
  async update(
    userId: string,
    ruleId: string,
    edit: (rule: StoredAlertRule) => StoredAlertRule,
  ): Promise<StoredAlertRule | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const places = (await this.resolveForUser(userId)).byId.get(ruleId);
      if (!places) return null;
      const { current } = places;
      const next = { ...edit(current.rule), id: ruleId, userId, status: current.rule.status };
      if (!(await this.putIf(toItem(next, current.slot, current.rev + 1), unchanged(current)))) continue;
      await keepIfAccountLive(this.db, userId, () =>
        this.db.send(new DeleteCommand({ TableName: this.table, Key: keyOf(current) })),
      );
      // A resume in another tab may have copied the paused rule into a slot before this edit: edit the slot too.
      if (current.slot === null && ((await this.resolveForUser(userId)).byId.get(ruleId)?.slots.length ?? 0) > 0)
        continue;
      await this.bumpVersion();
      return next;
    }
    throw new AlertRulesChangingError(userId);
  }

  /**
   * Pauses a rule and frees its slot (the ingest path's plan check and the service share it). The
   * paused copy is written under the rule's id first, inert while the slot holds the rule; deleting
   * the slot (only if the rule in it is unchanged) is the one write that pauses and frees it.
   */
  async pause(rule: StoredAlertRule, reason: PauseReason, now = new Date()): Promise<StoredAlertRule> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const places = (await this.resolveForUser(rule.userId)).byId.get(rule.id);
      if (!places || places.current.rule.status === 'paused')
        return places?.current.rule ?? { ...rule, status: 'paused' };
      const { current } = places;
      const next: StoredAlertRule = {
        ...current.rule,
        status: 'paused',
        pausedReason: reason,
        updatedAt: now.toISOString(),
      };
      const copy = toItem(next, null, Math.max(current.rev, places.own?.rev ?? 0) + 1);
      if (current.slot === null) {
        if (!(await this.putIf(copy, unchanged(current)))) continue;
      } else {
        await this.db.send(new PutCommand({ TableName: this.table, Item: copy }));
        await keepIfAccountLive(this.db, rule.userId, () =>
          this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.alertRule(rule.userId, rule.id) })),
        );
        if (!(await this.deleteIf(current))) continue;
        for (const spare of places.slots.slice(1)) await this.deleteIf(spare);
      }
      await this.bumpVersion();
      return next;
    }
    throw new AlertRulesChangingError(rule.userId);
  }

  /**
   * Deletes a rule: its item under its own id first (a paused copy would otherwise come back as the
   * rule), then every slot holding it, the write that frees the slot. False when it was gone.
   */
  async delete(userId: string, ruleId: string): Promise<boolean> {
    const places = (await this.resolveForUser(userId)).byId.get(ruleId);
    if (!places) return false;
    if (places.own)
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.alertRule(userId, ruleId) }));
    for (const slot of places.slots) await this.deleteIf({ ...slot, rev: -1 });
    await this.bumpVersion();
    return true;
  }

  /**
   * Many rules in batches of 25 and one version bump (the bench's 10,000 rules): each user's active
   * rules fill their slots in order, so a user may have at most `ALERT_LIMITS.activeRules` of them.
   */
  async putAll(rules: readonly StoredAlertRule[]): Promise<void> {
    const used = new Map<string, number>();
    const items = rules.map((rule) => {
      if (rule.status !== 'active') return toItem(rule, null, 1);
      const slot = used.get(rule.userId) ?? 0;
      if (slot >= ALERT_LIMITS.activeRules)
        throw new Error(`more than ${ALERT_LIMITS.activeRules} active rules for ${rule.userId}`);
      used.set(rule.userId, slot + 1);
      return toItem(rule, slot, 1);
    });
    const batches: Promise<void>[] = [];
    for (let i = 0; i < items.length; i += 25) batches.push(batchPutAll(this.db, this.table, items.slice(i, i + 25)));
    await Promise.all(batches);
    await this.bumpVersion();
  }

  /**
   * Support's command (`npm run admin -- alert-slots`): moves every active rule stored before slots
   * into one, frees second slots and removes the old slot list. Returns the active rules and how
   * many items were moved or freed.
   */
  async tidyUser(userId: string): Promise<{ active: number; tidied: number }> {
    let tidied = 0;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const resolved = await this.resolveForUser(userId);
      const before = resolved.spareSlots.length + (resolved.freeSlot === null ? 0 : resolved.unslotted.length);
      if (before === 0) {
        await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.alertSlots(userId) }));
        if (tidied > 0) await this.bumpVersion();
        return { active: resolved.activeCount, tidied };
      }
      if (await this.tidy(resolved)) tidied += 1;
    }
    throw new AlertRulesChangingError(userId);
  }

  /** A conditional put; false when the condition failed (a lost race). */
  private async putIf(
    Item: Record<string, unknown>,
    condition: { ConditionExpression: string; ExpressionAttributeValues?: Record<string, unknown> },
  ): Promise<boolean> {
    try {
      await this.db.send(new PutCommand({ TableName: this.table, Item, ...condition }));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** Deletes the item if it still holds this rule at this rev (rev -1: any rev); false when it did not. */
  private async deleteIf(rec: Rec): Promise<boolean> {
    const condition =
      rec.rev === -1
        ? { ConditionExpression: 'ruleId = :id', ExpressionAttributeValues: { ':id': rec.rule.id } }
        : unchanged(rec);
    try {
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: keyOf(rec), ...condition }));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
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
