import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { keepIfAccountLive } from './account-gone.ts';
import { appKeys } from './keys.ts';
import { tableName } from './tables.ts';

/** One stored list: its ordered tickers and the version every write of this list bumps. */
export interface StoredWatchlist {
  id: string;
  name: string;
  tickers: string[];
  version: number;
  createdAt: string;
}

/** All of a user's lists in their order, and the item's version (null: nothing stored yet). */
export interface StoredWatchlists {
  lists: StoredWatchlist[];
  version: number | null;
}

const isConditionFailure = (err: unknown): boolean => (err as Error).name === 'ConditionalCheckFailedException';

/**
 * Watchlists in the app table, all of a user's lists in one item (keys.ts): every screen's list read
 * is one strongly consistent GetItem. The item holds the lists in the user's order, each with its
 * ordered tickers and its own version (what a client's reorder is checked against), and an item
 * version that every write bumps. Writes put the whole item conditional on the item version read, so
 * the list limit, the ticker limit and name uniqueness hold across tabs, a refused edit writes
 * nothing, and no transaction is needed (dynalite has none). Callers re-read and retry on a
 * conflict, so two tabs adding different tickers at once both keep theirs. At the limits (11 lists
 * of 200 tickers) the item is ~25 kB, far below DynamoDB's 400 kB.
 */
export class WatchlistsRepository {
  constructor(private readonly db: DynamoDBDocumentClient) {}

  private get table(): string {
    return tableName('app');
  }

  async read(userId: string): Promise<StoredWatchlists> {
    const out = await this.db.send(
      new GetCommand({ TableName: this.table, Key: appKeys.watchlists(userId), ConsistentRead: true }),
    );
    if (!out.Item) return { lists: [], version: null };
    return {
      lists: ((out.Item.lists as Record<string, unknown>[] | undefined) ?? []).map(toList),
      version: out.Item.version as number,
    };
  }

  /**
   * Writes the lists if the stored item version is still `expected` (null: nothing may be stored
   * yet), as version `expected + 1`. False on a conflict: someone wrote in between.
   */
  async write(userId: string, lists: readonly StoredWatchlist[], expected: number | null): Promise<boolean> {
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.table,
          Item: {
            ...appKeys.watchlists(userId),
            lists: lists.map((l) => ({
              id: l.id,
              name: l.name,
              tickers: l.tickers,
              version: l.version,
              createdAt: l.createdAt,
            })),
            version: (expected ?? 0) + 1,
          },
          ConditionExpression: expected === null ? 'attribute_not_exists(pk)' : 'version = :v',
          ...(expected === null ? {} : { ExpressionAttributeValues: { ':v': expected } }),
        }),
      );
      await keepIfAccountLive(this.db, userId, () =>
        this.db.send(new DeleteCommand({ TableName: this.table, Key: appKeys.watchlists(userId) })),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}

function toList(item: Record<string, unknown>): StoredWatchlist {
  return {
    id: item.id as string,
    name: item.name as string,
    tickers: (item.tickers as string[] | undefined) ?? [],
    version: item.version as number,
    createdAt: (item.createdAt as string | undefined) ?? '',
  };
}
