import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlertCapWindow as CapWindow } from '@tapewatch/shared/alerts/limits';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** Counters outlive their window by a little (AWS TTL; reads only ever touch the current window). */
const TTL_SECONDS: Record<CapWindow, number> = { minute: 3600, day: 3 * 86_400 };

/**
 * A user's in-app alert allowance counters (issue 35). Every change is one atomic UpdateItem, so
 * concurrent containers share the count without a read-modify-write race.
 */
export class AlertCapRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  /** Adds `added` matches to the window's counter; answers its value after the addition. */
  async count(userId: string, window: CapWindow, at: string, added: number, now = new Date()): Promise<number> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: appKeys.alertCap(userId, window, at),
        UpdateExpression: 'ADD #c :n SET #t = :ttl',
        ExpressionAttributeNames: { '#c': 'count', '#t': 'ttl' },
        ExpressionAttributeValues: { ':n': added, ':ttl': Math.floor(now.getTime() / 1000) + TTL_SECONDS[window] },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return out.Attributes?.count as number;
  }

  /**
   * The sort key of the window's "N more" history item: the first caller's `proposed` one, agreed
   * by every later caller (if_not_exists in one update). `created` tells the first caller.
   */
  async summaryKey(
    userId: string,
    window: CapWindow,
    at: string,
    proposed: string,
  ): Promise<{ sk: string; created: boolean }> {
    const out = await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: appKeys.alertCap(userId, window, at),
        UpdateExpression: 'SET #s = if_not_exists(#s, :sk)',
        ExpressionAttributeNames: { '#s': 'summarySk' },
        ExpressionAttributeValues: { ':sk': proposed },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const agreed = out.Attributes?.summarySk as string | undefined;
    return { sk: agreed ?? proposed, created: agreed === undefined };
  }
}
