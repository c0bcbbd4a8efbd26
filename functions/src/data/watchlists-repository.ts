import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** One stored list: its ordered tickers and the version every write bumps. */
export interface StoredWatchlist {
  id: string;
  name: string;
  tickers: string[];
  version: number;
  createdAt: string;
}

/** The user's list order; its ids also hold the slots that enforce the list limit. */
export interface StoredWatchlistIndex {
  order: string[];
  version: number;
}

export interface StoredWatchlists {
  index: StoredWatchlistIndex | null;
  lists: StoredWatchlist[];
}

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

/**
 * Watchlists in the app table, one partition per user (keys.ts): a list read is one strongly
 * consistent query. Each list is one item (ordered ticker array + version) rather than one item per
 * ticker: a 200-ticker list is ~2 kB, order is part of the value, and a whole-list conditional write
 * makes "over the limit" all-or-nothing without transactions (dynalite has none). Writes are
 * conditional on the version read; callers re-read and retry on a conflict, so two tabs adding
 * different tickers at once both keep theirs.
 */
export class WatchlistsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async readAll(userId: string): Promise<StoredWatchlists> {
    const out = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': appKeys.watchlistsPartition(userId) },
        ConsistentRead: true,
      }),
    );
    let index: StoredWatchlistIndex | null = null;
    const lists: StoredWatchlist[] = [];
    const prefix = appKeys.watchlistListPrefix();
    for (const item of out.Items ?? []) {
      const sk = item.sk as string;
      if (sk === appKeys.watchlistIndex(userId).sk)
        index = { order: (item.order as string[]) ?? [], version: item.version as number };
      else if (sk.startsWith(prefix)) lists.push(toList(item));
    }
    return { index, lists };
  }

  async get(userId: string, listId: string): Promise<StoredWatchlist | null> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.watchlist(userId, listId), ConsistentRead: true }),
    );
    return out.Item ? toList(out.Item) : null;
  }

  /**
   * Writes the list if the stored version is still `expected` (null: the list must not exist yet).
   * False on a conflict: someone wrote in between.
   */
  async put(userId: string, list: StoredWatchlist, expected: number | null): Promise<boolean> {
    return this.conditional(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...appKeys.watchlist(userId, list.id),
          name: list.name,
          tickers: list.tickers,
          version: list.version,
          createdAt: list.createdAt,
        },
        ConditionExpression: expected === null ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(expected === null ? {} : { ExpressionAttributeValues: { ':v': expected } }),
      }),
    );
  }

  async putIndex(userId: string, index: StoredWatchlistIndex, expected: number | null): Promise<boolean> {
    return this.conditional(
      new PutCommand({
        TableName: this.table,
        Item: { ...appKeys.watchlistIndex(userId), order: index.order, version: index.version },
        ConditionExpression: expected === null ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(expected === null ? {} : { ExpressionAttributeValues: { ':v': expected } }),
      }),
    );
  }

  async delete(userId: string, listId: string): Promise<void> {
    await this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.watchlist(userId, listId) }));
  }

  private async conditional(command: PutCommand): Promise<boolean> {
    try {
      await this.db.send(command);
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}

function toList(item: Record<string, unknown>): StoredWatchlist {
  const sk = item.sk as string;
  return {
    id: sk.slice(appKeys.watchlistListPrefix().length),
    name: item.name as string,
    tickers: (item.tickers as string[] | undefined) ?? [],
    version: item.version as number,
    createdAt: (item.createdAt as string | undefined) ?? '',
  };
}
