import { DeleteCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { queryAll } from './query-all.ts';
import { tableName } from './tables.ts';

/** API Gateway closes idle sockets after 2 hours at most, so older records are dead. */
const CONNECTION_TTL_SECONDS = 2 * 60 * 60 + 300;

/** Who opened a socket: the user and the session (token id, login time) it was opened with. */
export interface ConnectionOwner {
  userId: string;
  /** The access token's jti. */
  tokenId?: string;
  /** Epoch seconds of the login behind the token. */
  authTime?: number;
  /** The login session (Cognito's origin_jti): the same across refreshes of one login. */
  sessionId?: string;
  /** 'alerts': the app shell's socket, which gets alerts and session events but no trade stream. */
  channel?: 'flow' | 'alerts';
}

export interface ConnectionRecord {
  connectionId: string;
  userId: string | null;
  tokenId?: string;
  authTime?: number;
  sessionId?: string;
  channel?: 'flow' | 'alerts';
  connectedAt: string;
}

const toRecord = (it: Record<string, unknown>): ConnectionRecord => ({
  connectionId: it.connectionId as string,
  userId: (it.userId as string | null) ?? null,
  ...(typeof it.tokenId === 'string' ? { tokenId: it.tokenId } : {}),
  ...(typeof it.authTime === 'number' ? { authTime: it.authTime } : {}),
  ...(typeof it.sessionId === 'string' ? { sessionId: it.sessionId } : {}),
  ...(it.channel === 'alerts' ? { channel: 'alerts' as const } : {}),
  connectedAt: it.connectedAt as string,
});

/**
 * Live WebSocket connections in the app table: one partition lists them all for the fan-out, and
 * a copy under each user lists one user's sockets without reading everybody's.
 */
export class ConnectionRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  async add(connectionId: string, owner: ConnectionOwner | string | null, now = new Date()): Promise<void> {
    const who: ConnectionOwner | null = typeof owner === 'string' ? { userId: owner } : owner;
    const item = {
      connectionId,
      userId: who?.userId ?? null,
      ...(who?.tokenId ? { tokenId: who.tokenId } : {}),
      ...(who?.authTime !== undefined ? { authTime: who.authTime } : {}),
      ...(who?.sessionId ? { sessionId: who.sessionId } : {}),
      ...(who?.channel === 'alerts' ? { channel: 'alerts' } : {}),
      connectedAt: now.toISOString(),
      ttl: Math.floor(now.getTime() / 1000) + CONNECTION_TTL_SECONDS,
    };
    const table = tableName('app');
    // The user's copy first: a crash between the two puts leaves a record that only the cap and
    // the closers see (and that expires), never a socket the fan-out streams to but nobody can close.
    if (who)
      await this.db.send(
        new PutCommand({ TableName: table, Item: { ...appKeys.userWsConnection(who.userId, connectionId), ...item } }),
      );
    await this.db.send(new PutCommand({ TableName: table, Item: { ...appKeys.wsConnection(connectionId), ...item } }));
  }

  async remove(connectionId: string): Promise<void> {
    const out = await this.db.send(
      new DeleteCommand({
        TableName: tableName('app'),
        Key: appKeys.wsConnection(connectionId),
        ReturnValues: 'ALL_OLD',
      }),
    );
    const userId = out.Attributes?.userId;
    if (typeof userId === 'string')
      await this.db.send(
        new DeleteCommand({ TableName: tableName('app'), Key: appKeys.userWsConnection(userId, connectionId) }),
      );
  }

  /** Drops both records of a connection known to belong to this user. */
  async removeForUser(userId: string, connectionId: string): Promise<void> {
    await Promise.all([
      this.db.send(new DeleteCommand({ TableName: tableName('app'), Key: appKeys.wsConnection(connectionId) })),
      this.db.send(
        new DeleteCommand({ TableName: tableName('app'), Key: appKeys.userWsConnection(userId, connectionId) }),
      ),
    ]);
  }

  /** Live connections; expired records count as absent because TTL deletion lags (and dynalite has none). */
  async list(now = new Date()): Promise<ConnectionRecord[]> {
    return this.query(appKeys.wsConnectionsPartition(), now);
  }

  /** One user's live connections, oldest first. */
  async forUser(userId: string, now = new Date()): Promise<ConnectionRecord[]> {
    const all = await this.query(appKeys.userWsConnectionsPartition(userId), now);
    return all.sort((a, b) => a.connectedAt.localeCompare(b.connectedAt));
  }

  private async query(pk: string, now: Date): Promise<ConnectionRecord[]> {
    const nowSec = Math.floor(now.getTime() / 1000);
    const items = await queryAll(this.db, {
      TableName: tableName('app'),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
    });
    return items.filter((it) => !(typeof it.ttl === 'number' && it.ttl < nowSec)).map(toRecord);
  }
}
