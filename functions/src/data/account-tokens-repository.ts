import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

export type AccountTokenKind = 'confirm' | 'reset' | 'update';

export interface AccountTokenRecord {
  kind: AccountTokenKind;
  userId: string;
  email: string;
  createdAt: string;
  /** Epoch seconds; past it the token counts as absent (TTL deletion lags, dynalite has none). */
  ttl: number;
  usedAt?: string;
}

export type TokenLookup =
  | { state: 'valid'; record: AccountTokenRecord }
  | { state: 'used'; record: AccountTokenRecord }
  | { state: 'absent' };

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';
const epoch = (d: Date): number => Math.floor(d.getTime() / 1000);

/**
 * Emailed single-use tokens, stored by hash, and the access-token denylist. A used token stays
 * (marked) until it expires so a second use can be told apart from an unknown link.
 */
export class AccountTokensRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async create(hash: string, record: Omit<AccountTokenRecord, 'usedAt'>): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...appKeys.accountToken(record.kind, hash), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async find(kind: AccountTokenKind, hash: string, now: Date): Promise<TokenLookup> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.accountToken(kind, hash), ConsistentRead: true }),
    );
    const item = out.Item as (AccountTokenRecord & Record<string, unknown>) | undefined;
    if (!item || item.ttl < epoch(now)) return { state: 'absent' };
    const record: AccountTokenRecord = {
      kind,
      userId: item.userId,
      email: item.email,
      createdAt: item.createdAt,
      ttl: item.ttl,
      usedAt: item.usedAt,
    };
    return item.usedAt ? { state: 'used', record } : { state: 'valid', record };
  }

  /** Marks the token used; false when it was already used, expired or never existed (a lost race). */
  async consume(kind: AccountTokenKind, hash: string, now: Date): Promise<boolean> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: appKeys.accountToken(kind, hash),
          UpdateExpression: 'SET usedAt = :now',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND #ttl >= :t',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':now': now.toISOString(), ':t': epoch(now) },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async denyAccessToken(jti: string, expiresAt: number): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: this.table, Item: { ...appKeys.deniedAccessToken(jti), ttl: expiresAt } }),
    );
  }

  async isAccessTokenDenied(jti: string, now: Date): Promise<boolean> {
    const out = await this.db.send(new GetCommand({ TableName: this.table, Key: appKeys.deniedAccessToken(jti) }));
    return out.Item !== undefined && (out.Item.ttl as number) >= epoch(now);
  }
}
