import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters: one conditional ADD per attempt (no read-modify-write race). The window
 * item expires with the window, so a full counter never blocks past its end.
 */
export class RateLimitRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async hit(scope: string, subject: string, rule: RateLimitRule, now: Date): Promise<RateLimitOutcome> {
    const nowSec = Math.floor(now.getTime() / 1000);
    const windowStart = nowSec - (nowSec % rule.windowSeconds);
    const windowEnd = windowStart + rule.windowSeconds;
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: tableName('app'),
          Key: appKeys.rateLimit(scope, subject, windowStart),
          UpdateExpression: 'ADD attempts :one SET #ttl = :ttl',
          ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: { ':one': 1, ':limit': rule.limit, ':ttl': windowEnd },
        }),
      );
      return { allowed: true };
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      return { allowed: false, retryAfterSeconds: Math.max(1, windowEnd - nowSec) };
    }
  }
}
