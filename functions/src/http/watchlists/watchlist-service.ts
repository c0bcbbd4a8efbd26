import { randomBytes } from 'node:crypto';
import { DEFAULT_WATCHLIST_ID, WATCHLIST_LIMITS } from '@tapewatch/shared/watchlists/limits';
import type { Watchlist, WatchlistsResponse, WatchlistWrite } from '@tapewatch/shared/schemas/watchlists';
import { documentClient } from '../../data/client.ts';
import { WatchlistsRepository, type StoredWatchlist } from '../../data/watchlists-repository.ts';
import {
  addTickers,
  defaultList,
  isPermutation,
  listLimitMessage,
  namedSlots,
  orderLists,
  removeTickers,
  reorderTickers,
  sameName,
  unknownTickersMessage,
} from '../../domain/watchlists/watchlist-edits.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { loadDirectory } from '../tickers/directory-cache.ts';

/** Conditional-write retries: each lost race re-reads and re-applies the edit. */
const ATTEMPTS = 30;
const CHANGED_ELSEWHERE = 'This list was changed in another window. It has been reloaded: please try again.';

const repo = (): WatchlistsRepository => new WatchlistsRepository(documentClient());
const wire = (l: { id: string; name: string; tickers: string[]; version: number }): Watchlist => ({
  id: l.id,
  name: l.name,
  tickers: l.tickers,
  version: l.version,
});

export async function readWatchlists(userId: string): Promise<WatchlistsResponse> {
  const { index, lists } = await repo().readAll(userId);
  return {
    lists: orderLists(index?.order ?? null, lists).map(wire),
    limits: { namedLists: WATCHLIST_LIMITS.namedLists, tickersPerList: WATCHLIST_LIMITS.tickersPerList },
  };
}

/** The list and whether it is stored (the default list exists before its first write). */
async function readList(userId: string, id: string): Promise<{ list: StoredWatchlist; stored: boolean } | null> {
  const stored = await repo().get(userId, id);
  if (stored) return { list: stored, stored: true };
  return id === DEFAULT_WATCHLIST_ID ? { list: { ...defaultList(), createdAt: '' }, stored: false } : null;
}

const notFound = (): NotFoundError =>
  new NotFoundError('This watchlist no longer exists. Reload the page to see your lists.');

/**
 * Read, edit, write if unchanged; on a lost race start over. `edit` returns the next tickers and name
 * (or throws a user-facing error, which ends the loop with nothing written).
 */
async function mutate<T>(
  userId: string,
  id: string,
  edit: (list: StoredWatchlist) => { name?: string; tickers: string[]; result: T },
): Promise<{ list: Watchlist; result: T }> {
  const r = repo();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readList(userId, id);
    if (!read) throw notFound();
    const current = read.list;
    const { name, tickers, result } = edit(current);
    const next: StoredWatchlist = {
      ...current,
      name: name ?? current.name,
      tickers,
      version: current.version + 1,
      createdAt: current.createdAt || new Date().toISOString(),
    };
    if (await r.put(userId, next, read.stored ? current.version : null)) return { list: wire(next), result };
  }
  throw new ConflictError(CHANGED_ELSEWHERE);
}

function writeAnswer(list: Watchlist, parts: Partial<Omit<WatchlistWrite, 'list'>>): WatchlistWrite {
  const unknown = parts.unknown ?? [];
  return {
    list,
    added: parts.added ?? [],
    removed: parts.removed ?? [],
    duplicates: parts.duplicates ?? [],
    unknown,
    ...(unknown.length > 0 ? { alert_show: true as const, alert_message: unknownTickersMessage(unknown) } : {}),
  };
}

export async function addToWatchlist(userId: string, id: string, tickers: readonly string[]): Promise<WatchlistWrite> {
  const { bySymbol } = await loadDirectory();
  const { list, result } = await mutate(userId, id, (current) => {
    const outcome = addTickers(current, tickers, (t) => bySymbol.has(t));
    if (!outcome.ok && outcome.reason === 'unknown') throw new NotFoundError(unknownTickersMessage(outcome.unknown));
    if (!outcome.ok) throw new ConflictError(outcome.message);
    return { tickers: outcome.tickers, result: outcome };
  });
  return writeAnswer(list, { added: result.added, duplicates: result.duplicates, unknown: result.unknown });
}

export async function removeFromWatchlist(
  userId: string,
  id: string,
  tickers: readonly string[],
): Promise<WatchlistWrite> {
  const { list, result } = await mutate(userId, id, (current) => {
    const out = removeTickers(current, tickers);
    return { tickers: out.tickers, result: out.removed };
  });
  return writeAnswer(list, { removed: result });
}

export async function orderWatchlistTickers(
  userId: string,
  id: string,
  tickers: readonly string[],
  version: number,
): Promise<WatchlistWrite> {
  const read = await readList(userId, id);
  if (!read) throw notFound();
  const current = read.list;
  const next = current.version === version ? reorderTickers(current, tickers) : null;
  if (!next) throw new ConflictError(CHANGED_ELSEWHERE);
  const stored: StoredWatchlist = {
    ...current,
    tickers: next,
    version: version + 1,
    createdAt: current.createdAt || new Date().toISOString(),
  };
  if (!(await repo().put(userId, stored, read.stored ? version : null))) throw new ConflictError(CHANGED_ELSEWHERE);
  return writeAnswer(wire(stored), {});
}

async function assertNameFree(userId: string, name: string, exceptId?: string): Promise<void> {
  const { lists } = await readWatchlists(userId);
  if (lists.some((l) => l.id !== exceptId && sameName(l.name, name)))
    throw new ConflictError(`You already have a list named "${name}".`);
}

export async function renameWatchlist(userId: string, id: string, name: string): Promise<WatchlistWrite> {
  await assertNameFree(userId, name, id);
  const { list } = await mutate(userId, id, (current) => ({ name, tickers: current.tickers, result: null }));
  return writeAnswer(list, {});
}

/** Claims a slot in the index (conditional on its version), then writes the list. */
export async function createWatchlist(
  userId: string,
  name: string,
  tickers: readonly string[] | undefined,
): Promise<WatchlistWrite> {
  await assertNameFree(userId, name);
  // Validate the tickers before taking a slot: a refused import leaves no empty list behind.
  const { bySymbol } = await loadDirectory();
  const initial = tickers?.length ? addTickers({ name, tickers: [] }, tickers, (t) => bySymbol.has(t)) : null;
  if (initial && !initial.ok && initial.reason === 'full') throw new ConflictError(initial.message);
  const r = repo();
  const id = randomBytes(6).toString('hex');
  for (let attempt = 0; ; attempt++) {
    if (attempt >= ATTEMPTS) throw new ConflictError(CHANGED_ELSEWHERE);
    const { index, lists } = await r.readAll(userId);
    const order = index?.order ?? orderLists(null, lists).map((l) => l.id);
    if (namedSlots(order) >= WATCHLIST_LIMITS.namedLists) throw new ConflictError(listLimitMessage());
    if (
      await r.putIndex(
        userId,
        { order: [...order, id], version: (index?.version ?? 0) + 1 },
        index ? index.version : null,
      )
    )
      break;
  }
  const list: StoredWatchlist = {
    id,
    name,
    tickers: initial?.ok ? initial.tickers : [],
    version: 1,
    createdAt: new Date().toISOString(),
  };
  await r.put(userId, list, null);
  return writeAnswer(
    wire(list),
    initial?.ok
      ? { added: initial.added, duplicates: initial.duplicates, unknown: initial.unknown }
      : { unknown: initial?.unknown ?? [] },
  );
}

export async function deleteWatchlist(userId: string, id: string): Promise<{ deleted: string }> {
  if (id === DEFAULT_WATCHLIST_ID)
    throw new BadRequestError(
      `"Watchlist" is your default list and cannot be deleted. Rename it or remove its tickers instead.`,
    );
  const r = repo();
  const { index, lists } = await r.readAll(userId);
  if (!lists.some((l) => l.id === id) && !index?.order.includes(id)) throw notFound();
  await r.delete(userId, id);
  await updateIndex(userId, (order) => order.filter((x) => x !== id));
  return { deleted: id };
}

async function updateIndex(userId: string, edit: (order: string[]) => string[]): Promise<void> {
  const r = repo();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { index, lists } = await r.readAll(userId);
    const order = index?.order ?? orderLists(null, lists).map((l) => l.id);
    if (
      await r.putIndex(userId, { order: edit(order), version: (index?.version ?? 0) + 1 }, index ? index.version : null)
    )
      return;
  }
  throw new ConflictError(CHANGED_ELSEWHERE);
}

export async function reorderWatchlists(userId: string, ids: readonly string[]): Promise<WatchlistsResponse> {
  const current = (await readWatchlists(userId)).lists.map((l) => l.id);
  if (!isPermutation(current, ids))
    throw new ConflictError('Your lists changed in another window. Reload the page and try again.');
  await updateIndex(userId, () => [...ids]);
  return readWatchlists(userId);
}
