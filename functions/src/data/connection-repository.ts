import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** API Gateway closes idle sockets after 2 hours at most, so older records are dead. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 300;

export interface ConnectionRecord {
  connectionId: string;
  userId: string | null;
  connectedAt: string;
}

export class ConnectionRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async add(connectionId: string, userId: string | null, now = new Date()): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: tableName('app'),
        Item: {
          ...appKeys.wsConnection(connectionId),
          connectionId,
          userId,
          connectedAt: now.toISOString(),
          ttl: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
        },
      }),
    );
  }

  async remove(connectionId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: tableName('app'), Key: appKeys.wsConnection(connectionId) }));
  }

  /** Live connections; expired records count as absent because TTL deletion lags (and dynalite has none). */
  async list(now = new Date()): Promise<ConnectionRecord[]> {
    const nowSec = Math.floor(now.getTime() / 1000);
    const items = await queryAll(this.db, {
      TableName: tableName('app'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': appKeys.wsConnectionsPartition() },
    });
    return items
      .filter((it) => !(typeof it.ttl === 'number' && it.ttl < nowSec))
      .map((it) => ({ connectionId: it.connectionId as string, userId: (it.userId as string | null) ?? null, connectedAt: it.connectedAt as string }));
  }
}
