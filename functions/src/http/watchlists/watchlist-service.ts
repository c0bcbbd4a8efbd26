import { randomBytes } from 'node:crypto';
import { DEFAULT_WATCHLIST_ID, WATCHLIST_LIMITS } from '@tapewatch/shared/watchlists/limits';
import type { Watchlist, WatchlistsResponse, WatchlistWrite } from '@tapewatch/shared/schemas/watchlists';
import { AlertRulesRepository } from '../../data/alert-rules-repository.ts';
import { documentClient } from '../../data/client.ts';
import { WatchlistsRepository, type StoredWatchlist } from '../../data/watchlists-repository.ts';
import {
  addTickers,
  defaultList,
  isPermutation,
  listLimitMessage,
  namedLists,
  removeTickers,
  reorderLists,
  reorderTickers,
  sameName,
  tickersChanged,
  unknownTickersMessage,
  withDefault,
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
const limits = { namedLists: WATCHLIST_LIMITS.namedLists, tickersPerList: WATCHLIST_LIMITS.tickersPerList };
const storedDefault = (): StoredWatchlist => ({ ...defaultList(), createdAt: new Date().toISOString() });

/** The user's lists in their order (the default list included): one GetItem. */
async function readLists(userId: string): Promise<{ lists: StoredWatchlist[]; version: number | null }> {
  const stored = await repo().read(userId);
  return { lists: withDefault(stored.lists, storedDefault), version: stored.version };
}

export async function readWatchlists(userId: string): Promise<WatchlistsResponse> {
  return { lists: (await readLists(userId)).lists.map(wire), limits };
}

/** One list of the user, or null: the list reads of the overview and the dashboard card. */
export async function readWatchlist(userId: string, id: string): Promise<Watchlist | null> {
  const list = (await readLists(userId)).lists.find((l) => l.id === id);
  return list ? wire(list) : null;
}

const notFound = (): NotFoundError =>
  new NotFoundError('This watchlist no longer exists. Reload the page to see your lists.');

/**
 * Read, edit, write if unchanged; on a lost race start over. `edit` gets the current lists and
 * returns the next ones (or throws a user-facing error, which ends the loop with nothing written).
 */
async function update<T>(
  userId: string,
  edit: (lists: StoredWatchlist[]) => { lists: StoredWatchlist[]; result: T },
): Promise<T> {
  const r = repo();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await readLists(userId);
    const { lists, result } = edit(current.lists);
    if (await r.write(userId, lists, current.version)) {
      // Alert rules that target a list follow its tickers from the next trade on.
      await new AlertRulesRepository(documentClient()).watchlistsChanged(userId, tickersChanged(current.lists, lists));
      return result;
    }
  }
  throw new ConflictError(CHANGED_ELSEWHERE);
}

/** Edits one list (its version bumped); the other lists stay as they are. */
async function mutate<T>(
  userId: string,
  id: string,
  edit: (list: StoredWatchlist) => { name?: string; tickers: string[]; result: T },
): Promise<{ list: Watchlist; result: T }> {
  return update(userId, (lists) => {
    const current = lists.find((l) => l.id === id);
    if (!current) throw notFound();
    const { name, tickers, result } = edit(current);
    const next: StoredWatchlist = { ...current, name: name ?? current.name, tickers, version: current.version + 1 };
    return { lists: lists.map((l) => (l.id === id ? next : l)), result: { list: wire(next), result } };
  });
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

/** A new order of a list's tickers, against the list version the client saw (stale: 409). */
export async function orderWatchlistTickers(
  userId: string,
  id: string,
  tickers: readonly string[],
  version: number,
): Promise<WatchlistWrite> {
  const { list } = await mutate(userId, id, (current) => {
    const next = current.version === version ? reorderTickers(current, tickers) : null;
    if (!next) throw new ConflictError(CHANGED_ELSEWHERE);
    return { tickers: next, result: null };
  });
  return writeAnswer(list, {});
}

function assertNameFree(lists: readonly StoredWatchlist[], name: string, exceptId?: string): void {
  if (lists.some((l) => l.id !== exceptId && sameName(l.name, name)))
    throw new ConflictError(`You already have a list named "${name}".`);
}

export async function renameWatchlist(userId: string, id: string, name: string): Promise<WatchlistWrite> {
  const { list } = await update(userId, (lists) => {
    assertNameFree(lists, name, id);
    const current = lists.find((l) => l.id === id);
    if (!current) throw notFound();
    const next: StoredWatchlist = { ...current, name, version: current.version + 1 };
    return { lists: lists.map((l) => (l.id === id ? next : l)), result: { list: wire(next) } };
  });
  return writeAnswer(list, {});
}

/** Appends a named list; the name check and the list limit hold in the same conditional write. */
export async function createWatchlist(
  userId: string,
  name: string,
  tickers: readonly string[] | undefined,
): Promise<WatchlistWrite> {
  // Validate the tickers first: a refused import leaves no empty list behind.
  const { bySymbol } = await loadDirectory();
  const initial = tickers?.length ? addTickers({ name, tickers: [] }, tickers, (t) => bySymbol.has(t)) : null;
  if (initial && !initial.ok && initial.reason === 'full') throw new ConflictError(initial.message);
  const list: StoredWatchlist = {
    id: randomBytes(6).toString('hex'),
    name,
    tickers: initial?.ok ? initial.tickers : [],
    version: 1,
    createdAt: new Date().toISOString(),
  };
  await update(userId, (lists) => {
    assertNameFree(lists, name);
    if (namedLists(lists) >= WATCHLIST_LIMITS.namedLists) throw new ConflictError(listLimitMessage());
    return { lists: [...lists, list], result: null };
  });
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
  await update(userId, (lists) => {
    if (!lists.some((l) => l.id === id)) throw notFound();
    return { lists: lists.filter((l) => l.id !== id), result: null };
  });
  return { deleted: id };
}

export async function reorderWatchlists(userId: string, ids: readonly string[]): Promise<WatchlistsResponse> {
  const lists = await update(userId, (current) => {
    if (
      !isPermutation(
        current.map((l) => l.id),
        ids,
      )
    )
      throw new ConflictError('Your lists changed in another window. Reload the page and try again.');
    const next = reorderLists(current, ids);
    return { lists: next, result: next };
  });
  return { lists: lists.map(wire), limits };
}
