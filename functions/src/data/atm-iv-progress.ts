import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marketKeys } from './keys.ts';
import { tableName } from './tables.ts';

/**
 * The tickers the daily ATM IV job has finished for a trading day, one item per day: a run that
 * stops at its time budget (or is killed) leaves them, and the next run of the day starts after
 * them. Added to atomically (a string set), after the ticker's row is stored.
 */
export class AtmIvProgress {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async done(date: string): Promise<Set<string>> {
    const out = await this.db.send(
      new GetCommand({ TableName: tableName('market'), Key: marketKeys.atmIvDone(date), ConsistentRead: true }),
    );
    return new Set((out.Item?.tickers as Set<string> | undefined) ?? []);
  }

  async markDone(date: string, tickers: readonly string[]): Promise<void> {
    if (tickers.length === 0) return;
    await this.db.send(
      new UpdateCommand({
        TableName: tableName('market'),
        Key: marketKeys.atmIvDone(date),
        UpdateExpression: 'ADD tickers :t',
        ExpressionAttributeValues: { ':t': new Set(tickers) },
      }),
    );
  }
}
