import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marketKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/**
 * Checkpoints of the live first-run backfill: a unit (one job over one range) is marked done only
 * after the job stored its rows, so a crash or Ctrl+C between the two redoes the unit (the jobs
 * are idempotent) and never skips it.
 */
export class BackfillCheckpoints {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async done(job: string): Promise<Set<string>> {
    const items = await queryAll(this.db, {
      TableName: tableName('market'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': marketKeys.backfillUnitsPartition(job) },
    });
    return new Set(items.map((it) => it.sk as string));
  }

  async markDone(job: string, unit: string, rowsWritten: number): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: tableName('market'),
        Item: { ...marketKeys.backfillUnit(job, unit), rowsWritten, doneAt: new Date().toISOString() },
      }),
    );
  }
}
