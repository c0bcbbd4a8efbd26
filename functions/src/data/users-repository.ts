import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { keepIfAccountLive, markAccountGone } from './account-gone.ts';
import { sweepAlertsOf } from './account-sweep.ts';
import { appKeys, planAttributes } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

export interface UserProfile {
  userId: string;
  username: string;
  email: string;
  /** 'free' | 'basic' | '' — changed by the payments webhook; the auth guard reads it per request. */
  subscription: string;
  confirmed: boolean;
  createdAt: string;
  /** When the last confirmation email went out (a quick repeat sends no second one). */
  confirmationSentAt?: string;
  /** When the last password-reset email went out (same quiet window). */
  resetSentAt?: string;
  /** Epoch seconds: access tokens from logins before this are refused (set by a password reset). */
  tokensValidAfter?: number;
  /** ISO time (ms) of the last password change by reset: older reset links are spent. */
  passwordChangedAt?: string;
  /** Written by the payments webhook (domain/accounts/policies.ts hasPayments). */
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
}

export interface UsernameClaim {
  username: string;
  email: string;
  claimedAt: string;
}

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

/** Users, their email index and username claims in the app table. Every write is idempotent. */
export class UsersRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async getProfile(userId: string): Promise<UserProfile | null> {
    return liveProfile((await this.readProfileItem(userId)) ?? null);
  }

  private async readProfileItem(userId: string): Promise<Record<string, unknown> | undefined> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.userProfile(userId) }));
    return out.Item;
  }

  /**
   * The first step of deleting an account: the deletion mark (account-gone.ts: later writes of the
   * user's records are undone and refused) and the profile flagged, so every session and API key of
   * the user is refused from its next state read on (at most a second later), before anything goes.
   */
  async markDeleted(userId: string, now = new Date()): Promise<void> {
    await markAccountGone(this.db, userId, now);
    await this.setField(userId, 'deletedAt', now.toISOString());
  }

  /**
   * The per-request auth read: profile and access-token denial in one round trip. The plan is
   * read here on every request because webhooks change it.
   */
  async getSession(
    userId: string,
    tokenId: string,
    now: Date,
  ): Promise<{ profile: UserProfile | null; denied: boolean }> {
    const profileKey = appKeys.userProfile(userId);
    const denyKey = appKeys.deniedAccessToken(tokenId);
    const out = await this.db.send(
      new BatchGetCommand({ RequestItems: { [this.table]: { Keys: [profileKey, denyKey] } } }),
    );
    let items = out.Responses?.[this.table] ?? [];
    // Unprocessed keys are rare (throttling); fall back to plain reads rather than loop.
    if (out.UnprocessedKeys && Object.keys(out.UnprocessedKeys).length > 0) {
      const again = await Promise.all(
        [profileKey, denyKey].map((Key) => this.db.send(new GetCommand({ TableName: this.table, Key }))),
      );
      items = again.flatMap((r) => (r.Item ? [r.Item] : []));
    }
    const profile = items.find((it) => it.pk === profileKey.pk);
    const deny = items.find((it) => it.pk === denyKey.pk);
    return {
      profile: liveProfile(profile ?? null),
      denied: deny !== undefined && (deny.ttl as number) >= Math.floor(now.getTime() / 1000),
    };
  }

  async userIdForEmail(email: string): Promise<string | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.userEmail(email) }));
    return (out.Item?.userId as string | undefined) ?? null;
  }

  async getUsernameClaim(username: string): Promise<UsernameClaim | null> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.username(username) }));
    return out.Item
      ? {
          username: out.Item.username as string,
          email: out.Item.email as string,
          claimedAt: out.Item.claimedAt as string,
        }
      : null;
  }

  /**
   * Claims a username for an email. Succeeds when free, already held by the same email (a retry),
   * or held by `staleEmail` (an orphaned claim the caller proved dead). False when someone else holds it.
   */
  async claimUsername(username: string, email: string, now: Date, staleEmail?: string): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...appKeys.username(username), username, email: email.toLowerCase(), claimedAt: now.toISOString() },
          ConditionExpression: staleEmail
            ? 'attribute_not_exists(pk) OR email = :e OR email = :stale'
            : 'attribute_not_exists(pk) OR email = :e',
          ExpressionAttributeValues: staleEmail
            ? { ':e': email.toLowerCase(), ':stale': staleEmail }
            : { ':e': email.toLowerCase() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async releaseUsername(username: string, email: string): Promise<void> {
    try {
      await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: appKeys.username(username),
          ConditionExpression: 'email = :e',
          ExpressionAttributeValues: { ':e': email.toLowerCase() },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  /**
   * Writes the email index, then the profile; both puts are idempotent for the same user. The plan
   * is not written (a new profile reads as free): only the payment functions may name plan
   * attributes (keys.ts planAttributes, an IAM condition on AWS).
   */
  async putUser(profile: UserProfile): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...appKeys.userEmail(profile.email), userId: profile.userId, email: profile.email },
      }),
    );
    const item: Record<string, unknown> = { ...appKeys.userProfile(profile.userId), ...profile };
    for (const name of planAttributes) delete item[name];
    await this.db.send(new PutCommand({ TableName: this.table, Item: item }));
    // A login rebuilding the profile while the account is being deleted must not bring it back.
    await keepIfAccountLive(this.db, profile.userId, async () => {
      await this.deleteIf(appKeys.userEmail(profile.email), profile.userId);
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.userProfile(profile.userId) }));
    });
  }

  async markConfirmed(userId: string): Promise<void> {
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: appKeys.userProfile(userId),
          UpdateExpression: 'SET confirmed = :t',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':t': true },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  async setConfirmationSentAt(userId: string, at: Date): Promise<void> {
    await this.setField(userId, 'confirmationSentAt', at.toISOString());
  }

  async setResetSentAt(userId: string, at: Date): Promise<void> {
    await this.setField(userId, 'resetSentAt', at.toISOString());
  }

  /**
   * A password change: sessions that logged in up to this second end (tokens carry whole seconds),
   * and every reset link created before this moment (ms) is spent.
   */
  async invalidateTokensBefore(userId: string, at: Date): Promise<void> {
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: appKeys.userProfile(userId),
          UpdateExpression: 'SET tokensValidAfter = :s, passwordChangedAt = :at',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':s': Math.floor(at.getTime() / 1000), ':at': at.toISOString() },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  private async setField(userId: string, name: string, value: string | number): Promise<void> {
    await this.db
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: appKeys.userProfile(userId),
          UpdateExpression: 'SET #f = :v',
          // Never resurrect a deleted profile as a fragment.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#f': name },
          ExpressionAttributeValues: { ':v': value },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /** For the payments webhook (issue 9): the stored plan is what the auth guard trusts. */
  async setSubscription(userId: string, subscription: string): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: appKeys.userProfile(userId),
        UpdateExpression: 'SET subscription = :s',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': subscription },
      }),
    );
  }

  /**
   * Removes everything of the user: username claim, email index, payment-customer mapping, live
   * websocket connections, watchlists, API keys, alert rules and their history, then the profile
   * (last, so a crash leaves something to retry from). Every listing is a strongly consistent read:
   * after markDeleted, a write it does not see is one that the writer's own check undoes.
   * Kept on purpose: the plan-change log (PLANLOG#<userId>), the billing audit trail (who granted
   * or ended a paid plan, when) needed for disputes and support review; it holds only the random
   * user id, no email or username. Single-use link tokens, rate-limit windows and the deletion mark
   * (markDeleted) expire by themselves within 24 hours and point at a profile that no longer exists.
   */
  async deleteUser(
    profile: Pick<UserProfile, 'userId' | 'email' | 'username'>,
    opts: { keepUsername?: boolean } = {},
  ): Promise<void> {
    const stored = await this.readProfileItem(profile.userId);
    if (!opts.keepUsername) await this.releaseUsername(profile.username, profile.email);
    await this.deleteIf(appKeys.userEmail(profile.email), profile.userId);
    if (typeof stored?.stripeCustomerId === 'string')
      await this.deleteIf(appKeys.paymentCustomer(stored.stripeCustomerId), profile.userId);
    // Rare (account deletion), so a filtered read of the connections partition is fine here.
    const connections = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'userId = :u',
      ProjectionExpression: 'sk',
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': appKeys.wsConnectionsPartition(), ':u': profile.userId },
    });
    for (const c of connections) await this.deleteIf(appKeys.wsConnection(c.sk as string), profile.userId);
    const own = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ProjectionExpression: 'sk',
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': appKeys.userWsConnectionsPartition(profile.userId) },
    });
    for (const c of own) {
      await this.deleteIf(appKeys.wsConnection(c.sk as string), profile.userId);
      await this.db.send(
        new DeleteCommand({ TableName: this.table, Key: appKeys.userWsConnection(profile.userId, c.sk as string) }),
      );
    }
    await this.deletePartition(appKeys.knownLoginSourcesPartition(profile.email));
    await this.deletePartition(appKeys.watchlistsPartition(profile.userId));
    // API keys: the hash lookups first (a key stops at once), then the user's key slots.
    const keys = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      // HASH is a reserved word in expressions.
      ProjectionExpression: '#h',
      ExpressionAttributeNames: { '#h': 'hash' },
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': appKeys.userApiKeysPartition(profile.userId) },
    });
    for (const k of keys) await this.deleteIf(appKeys.apiKeyByHash(k.hash as string), profile.userId);
    await this.deletePartition(appKeys.userApiKeysPartition(profile.userId));
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.apiKeyAccountQuota(profile.userId) }));
    await sweepAlertsOf(this.db, profile.userId);
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.userProfile(profile.userId) }));
  }

  /** Deletes every item of a partition that belongs to the user alone (login sources, watchlists). */
  private async deletePartition(pk: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ProjectionExpression: 'pk, sk',
      ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': pk },
    });
    for (const k of items)
      await this.db.send(new DeleteCommand({ TableName: this.table, Key: { pk: k.pk, sk: k.sk } }));
  }

  /** Deletes an item only while it still points at this user (a new owner's item stays). */
  private async deleteIf(key: { pk: string; sk: string }, userId: string): Promise<void> {
    await this.db
      .send(
        new DeleteCommand({
          TableName: this.table,
          Key: key,
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :u',
          ExpressionAttributeValues: { ':u': userId },
        }),
      )
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  }
}

/** A profile flagged by a deletion in progress reads as no profile: its sessions and keys are refused. */
function liveProfile(item: Record<string, unknown> | null): UserProfile | null {
  return item && item.deletedAt === undefined ? toProfile(item) : null;
}

function toProfile(item: Record<string, unknown>): UserProfile {
  return {
    userId: item.userId as string,
    username: item.username as string,
    email: item.email as string,
    // A profile is free until the payment webhook writes a plan.
    subscription: (item.subscription as string | undefined) ?? 'free',
    confirmed: item.confirmed === true,
    createdAt: item.createdAt as string,
    confirmationSentAt: item.confirmationSentAt as string | undefined,
    resetSentAt: item.resetSentAt as string | undefined,
    tokensValidAfter: item.tokensValidAfter as number | undefined,
    passwordChangedAt: item.passwordChangedAt as string | undefined,
    stripeCustomerId: item.stripeCustomerId as string | undefined,
    stripeSubscriptionId: item.stripeSubscriptionId as string | undefined,
  };
}
