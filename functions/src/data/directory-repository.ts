import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { SnapshotRepository } from './snapshot-repository.ts';

export const DIRECTORY_SNAPSHOT = 'ticker_directory';

/**
 * The ticker directory (symbols that have data, with names and classification) is read whole by
 * search and quotes, so it is stored as one compressed snapshot (~40 kB for the demo universe)
 * rather than one item per ticker: one read per container instead of a paginated query.
 */
export class DirectoryRepository {
  private readonly snapshots: SnapshotRepository;
  constructor(db: DynamoDBDocumentClient) {
    this.snapshots = new SnapshotRepository(db);
  }

  put(asOf: string, entries: DirectoryEntry[]): Promise<void> {
    return this.snapshots.put(DIRECTORY_SNAPSHOT, asOf, entries);
  }

  async all(): Promise<DirectoryEntry[]> {
    return (await this.snapshots.latest<DirectoryEntry[]>(DIRECTORY_SNAPSHOT))?.payload ?? [];
  }
}
