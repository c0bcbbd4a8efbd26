import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import { DirectoryRepository } from '../../data/directory-repository.ts';
import { createSearchIndex, type SearchIndex } from '../../domain/tickers/search.ts';
import { NotFoundError, NotReadyError } from '../../lib/errors.ts';
import { memoize } from '../../lib/memo.ts';

export interface Directory {
  bySymbol: Map<string, DirectoryEntry>;
  index: SearchIndex;
}

/** The directory, loaded once per container and refreshed every 10 minutes. */
export const loadDirectory = memoize(600_000, async (): Promise<Directory> => {
  const entries = await new DirectoryRepository(documentClient()).all();
  if (entries.length === 0)
    throw new NotReadyError('The ticker directory is being loaded. Please try again in a minute.');
  return { bySymbol: new Map(entries.map((e) => [e.symbol, e])), index: createSearchIndex(entries) };
});

export async function requireTicker(symbol: string): Promise<DirectoryEntry> {
  const entry = (await loadDirectory()).bySymbol.get(symbol);
  if (!entry) throw new NotFoundError(`Unknown ticker ${symbol}. Search by name or ticker to find one we cover.`);
  return entry;
}
