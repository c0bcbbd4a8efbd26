import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { realtimeKeys } from './keys.ts';
import { tableName } from './tables.ts';

/**
 * The vendor poller's position: the newest record update time seen on `date` (Unix seconds) and
 * the ids seen at exactly that second, since the vendor's delta filter is "at or after".
 */
export interface LiveCursor {
  date: string;
  updated: number;
  idsAtUpdated: string[];
}

export class LiveCursorRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async get(date: string): Promise<LiveCursor | null> {
    const res = await this.db.send(new GetCommand({ TableName: tableName('app'), Key: realtimeKeys.liveCursor() }));
    const it = res.Item;
    if (!it || it.date !== date) return null;
    return {
      date,
      updated: Number(it.updated),
      idsAtUpdated: Array.isArray(it.idsAtUpdated) ? it.idsAtUpdated.map(String) : [],
    };
  }

  async save(cursor: LiveCursor): Promise<void> {
    await this.db.send(
      new PutCommand({ TableName: tableName('app'), Item: { ...realtimeKeys.liveCursor(), ...cursor } }),
    );
  }
}
