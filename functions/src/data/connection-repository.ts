import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
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
    const out: ConnectionRecord[] = [];
    const nowSec = Math.floor(now.getTime() / 1000);
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.db.send(
        new QueryCommand({
          TableName: tableName('app'),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': appKeys.wsConnectionsPartition() },
          ExclusiveStartKey: startKey,
        }),
      );
      for (const it of page.Items ?? []) {
        if (typeof it.ttl === 'number' && it.ttl < nowSec) continue;
        out.push({ connectionId: it.connectionId as string, userId: (it.userId as string | null) ?? null, connectedAt: it.connectedAt as string });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return out;
  }
}
