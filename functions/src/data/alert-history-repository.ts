import {
  BatchGetCommand,
  DeleteCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { ALERT_LIMITS, type AlertCapWindow } from '@tapewatch/shared/alerts/limits';
import type { FiredAlert } from '@tapewatch/shared/schemas/alerts';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { batchPutAll } from './batch-write.ts';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** Alerts one page of the history holds at most (the newest first; `next` continues it). */
export const HISTORY_READ_LIMIT = 300;

export interface NewAlert {
  id: string;
  userId: string;
  ruleId: string;
  ruleName: string;
  firedAt: string;
  trade: FlowTrade;
}

const ttlOf = (firedAt: string): number => Math.floor(Date.parse(firedAt) / 1000) + ALERT_LIMITS.historyDays * 86_400;

/** The id the client sees is the sort key: marking read needs no lookup. */
function toFired(it: Record<string, unknown>): FiredAlert {
  return {
    id: it.sk as string,
    rule_id: it.ruleId as string,
    rule_name: it.ruleName as string,
    fired_at: it.firedAt as string,
    read: it.read === true,
    trade: it.trade as FlowTrade,
    ...(typeof it.more === 'number' ? { more: it.more, more_window: it.window as AlertCapWindow } : {}),
  };
}

/**
 * Fired alerts, one partition per user, kept 90 days: `ttl` lets DynamoDB delete them on AWS; the
 * reads treat expired items as absent (TTL deletion lags, and dynalite has none: the local cleanup
 * job deletes them).
 */
export class AlertHistoryRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async add(alerts: readonly NewAlert[]): Promise<void> {
    if (alerts.length === 0) return;
    const items = alerts.map((a) => ({
      ...appKeys.alertHistory(a.userId, a.firedAt, a.id),
      ...appKeys.alertHistoryByRule(a.userId, a.ruleId, a.firedAt, a.id),
      ruleId: a.ruleId,
      ruleName: a.ruleName,
      firedAt: a.firedAt,
      read: false,
      trade: a.trade,
      ttl: ttlOf(a.firedAt),
    }));
    const users = [...new Set(alerts.map((a) => a.userId))].map((u) => ({ ...appKeys.alertHistoryUser(u), userId: u }));
    const all = [...items, ...users];
    const batches: Promise<void>[] = [];
    for (let i = 0; i < all.length; i += 25) batches.push(batchPutAll(this.db, this.table, all.slice(i, i + 25)));
    await Promise.all(batches);
  }

  /**
   * Folds `count` more matches into the window's "N more trades matched" item at `sk` (created by
   * the first fold): the count is added atomically, so concurrent folds lose none; the item shows
   * the newest match and is unread again. It has no rule index entry: it spans the user's rules.
   */
  async foldMore(
    userId: string,
    sk: string,
    fold: { count: number; window: AlertCapWindow; newest: NewAlert },
  ): Promise<FiredAlert> {
    const { newest } = fold;
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { pk: appKeys.alertHistoryPartition(userId), sk },
        UpdateExpression:
          'ADD #more :n SET #w = :w, ruleId = :rid, ruleName = :rn, firedAt = :f, #r = :false, trade = :t, #ttl = :ttl',
        ExpressionAttributeNames: { '#more': 'more', '#w': 'window', '#r': 'read', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':n': fold.count,
          ':w': fold.window,
          ':rid': newest.ruleId,
          ':rn': newest.ruleName,
          ':f': newest.firedAt,
          ':false': false,
          ':t': newest.trade,
          ':ttl': ttlOf(newest.firedAt),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toFired(out.Attributes ?? {});
  }

  /**
   * One page of alerts, newest first: the user's, or one rule's (its own index, so a rule's history
   * is complete however many alerts other rules fired), older than the `before` cursor when given;
   * `next` is the cursor of the following page. The unread count is of the user's newest page.
   */
  async list(
    userId: string,
    ruleId?: string,
    before?: string,
    now = new Date(),
  ): Promise<{ alerts: FiredAlert[]; unread: number; next: string | null }> {
    const nowSec = Math.floor(now.getTime() / 1000);
    const live = (items: Record<string, unknown>[]) =>
      items.filter((it) => !(typeof it.ttl === 'number' && it.ttl < nowSec)).map(toFired);
    const page = (index: boolean, pk: string, cursor?: string) =>
      this.db.send(
        new QueryCommand({
          TableName: this.table,
          ...(index ? { IndexName: 'gsi1' } : {}),
          KeyConditionExpression: cursor ? '#pk = :pk AND #sk < :before' : '#pk = :pk',
          ExpressionAttributeNames: {
            '#pk': index ? 'gsi1pk' : 'pk',
            ...(cursor ? { '#sk': index ? 'gsi1sk' : 'sk' } : {}),
          },
          ExpressionAttributeValues: { ':pk': pk, ...(cursor ? { ':before': cursor } : {}) },
          ScanIndexForward: false,
          Limit: HISTORY_READ_LIMIT,
          ...(index ? {} : { ConsistentRead: true }),
        }),
      );
    const userPk = appKeys.alertHistoryPartition(userId);
    const newest = page(false, userPk);
    const own = ruleId
      ? page(true, appKeys.alertHistoryRulePartition(userId, ruleId), before)
      : before
        ? page(false, userPk, before)
        : newest;
    const [first, listed] = await Promise.all([newest, own]);
    const items = listed.Items ?? [];
    const last = items.at(-1);
    return {
      alerts: live(items),
      unread: live(first.Items ?? []).filter((a) => !a.read).length,
      next: listed.LastEvaluatedKey && last ? ((ruleId ? last.gsi1sk : last.sk) as string) : null,
    };
  }

  /**
   * Marks the caller's alerts read: one BatchGet (at most 100 ids: the schema's bound) finds which
   * of the ids are stored and unread, and only those are updated, so ids that are made up, another
   * user's, or already read cost no write. The update's condition keeps an alert deleted in between
   * from coming back as a stub.
   */
  async markRead(userId: string, ids: readonly string[]): Promise<number> {
    const pk = appKeys.alertHistoryPartition(userId);
    const unread = await this.unreadOf(pk, [...new Set(ids)]);
    await Promise.all(
      unread.map((sk) =>
        this.db
          .send(
            new UpdateCommand({
              TableName: this.table,
              Key: { pk, sk },
              UpdateExpression: 'SET #r = :t',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#r': 'read' },
              ExpressionAttributeValues: { ':t': true },
            }),
          )
          .catch((err: Error) => {
            if (err.name !== 'ConditionalCheckFailedException') throw err;
          }),
      ),
    );
    return unread.length;
  }

  /** The sort keys among `sks` (at most 100 per BatchGet) that are stored in `pk` and not read yet. */
  private async unreadOf(pk: string, sks: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (let i = 0; i < sks.length; i += 100) {
      let keys: Record<string, unknown>[] = sks.slice(i, i + 100).map((sk) => ({ pk, sk }));
      for (let attempt = 0; keys.length > 0; attempt++) {
        if (attempt > 8) throw new Error('DynamoDB kept returning unprocessed keys');
        const out = await this.db.send(
          new BatchGetCommand({
            RequestItems: {
              [this.table]: { Keys: keys, ProjectionExpression: 'sk, #r', ExpressionAttributeNames: { '#r': 'read' } },
            },
          }),
        );
        for (const it of out.Responses?.[this.table] ?? []) if (it.read !== true) found.push(it.sk as string);
        keys = out.UnprocessedKeys?.[this.table]?.Keys ?? [];
        if (keys.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
    return found;
  }

  /** Deletes every expired alert (the local stand-in for DynamoDB TTL); returns how many. */
  async deleteExpired(now = new Date()): Promise<number> {
    const users = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appKeys.alertHistoryUsersPartition() },
    });
    const nowSec = Math.floor(now.getTime() / 1000);
    // Sort keys start with the ISO fire time: everything before the cut-off is expired.
    const cutoff = new Date((nowSec - ALERT_LIMITS.historyDays * 86_400) * 1000).toISOString();
    let deleted = 0;
    for (const u of users) {
      const pk = appKeys.alertHistoryPartition(u.sk as string);
      const old = await queryAll(this.db, {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND sk < :cut',
        ExpressionAttributeValues: { ':pk': pk, ':cut': cutoff },
      });
      for (const it of old) {
        await this.db.send(new DeleteCommand({ TableName: this.table, Key: { pk, sk: it.sk as string } }));
        deleted += 1;
      }
    }
    return deleted;
  }
}
