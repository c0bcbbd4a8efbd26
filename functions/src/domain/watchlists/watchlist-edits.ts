import {
  DEFAULT_WATCHLIST_ID,
  DEFAULT_WATCHLIST_NAME,
  TICKER_SHAPE,
  WATCHLIST_LIMITS,
  normaliseTicker,
} from '@tapewatch/shared/watchlists/limits';

/** A list as the domain sees it (the stored shape without storage fields). */
export interface ListState {
  id: string;
  name: string;
  tickers: string[];
  version: number;
}

export type AddOutcome =
  | { ok: true; tickers: string[]; added: string[]; duplicates: string[]; unknown: string[] }
  | { ok: false; reason: 'unknown'; unknown: string[] }
  | { ok: false; reason: 'full'; unknown: string[]; message: string };

/**
 * Adds tickers in the order given: normalised (trim, `$`, upper case), duplicates (already listed or
 * repeated) skipped, unknown or malformed ones reported by name and not added. Refused as a whole
 * when nothing known was sent (404 upstream) or when the known new ones would pass the limit (no
 * partial write).
 */
export function addTickers(
  list: Pick<ListState, 'name' | 'tickers'>,
  raw: readonly string[],
  isKnown: (ticker: string) => boolean,
  max: number = WATCHLIST_LIMITS.tickersPerList,
): AddOutcome {
  const present = new Set(list.tickers);
  const added: string[] = [];
  const duplicates: string[] = [];
  const unknown: string[] = [];
  for (const entry of raw) {
    const ticker = normaliseTicker(entry);
    if (ticker === '') continue;
    if (present.has(ticker)) {
      if (!duplicates.includes(ticker)) duplicates.push(ticker);
    } else if (!TICKER_SHAPE.test(ticker) || !isKnown(ticker)) {
      if (!unknown.includes(ticker)) unknown.push(ticker);
    } else {
      present.add(ticker);
      added.push(ticker);
    }
  }
  if (added.length === 0 && duplicates.length === 0) return { ok: false, reason: 'unknown', unknown };
  const total = list.tickers.length + added.length;
  if (total > max) {
    const room = Math.max(0, max - list.tickers.length);
    return {
      ok: false,
      reason: 'full',
      unknown,
      message: `"${list.name}" holds at most ${max} tickers: it has ${list.tickers.length}, and ${added.length} more would make ${total}. ${
        room === 0 ? 'Remove some first.' : `You can add ${room} more.`
      } Nothing was added.`,
    };
  }
  return { ok: true, tickers: [...list.tickers, ...added], added, duplicates, unknown };
}

export function removeTickers(
  list: Pick<ListState, 'tickers'>,
  raw: readonly string[],
): { tickers: string[]; removed: string[] } {
  const drop = new Set(raw.map(normaliseTicker));
  const removed = list.tickers.filter((t) => drop.has(t));
  return { tickers: list.tickers.filter((t) => !drop.has(t)), removed };
}

/** A new order of the same tickers; null when the set differs (the list changed meanwhile). */
export function reorderTickers(list: Pick<ListState, 'tickers'>, proposed: readonly string[]): string[] | null {
  const next = proposed.map(normaliseTicker);
  if (next.length !== list.tickers.length || new Set(next).size !== next.length) return null;
  const have = new Set(list.tickers);
  return next.every((t) => have.has(t)) ? next : null;
}

/** The default list exists for everyone, stored or not. */
export function defaultList(): ListState {
  return { id: DEFAULT_WATCHLIST_ID, name: DEFAULT_WATCHLIST_NAME, tickers: [], version: 0 };
}

/**
 * The stored lists with the default list in place: it is first until the user moves it, and a user
 * who never wrote has only the empty default list.
 */
export function withDefault<L extends ListState>(stored: readonly L[], makeDefault: () => L): L[] {
  return stored.some((l) => l.id === DEFAULT_WATCHLIST_ID) ? [...stored] : [makeDefault(), ...stored];
}

/** Lists in the order of `ids` (a permutation of their ids, see isPermutation). */
export function reorderLists<L extends Pick<ListState, 'id'>>(lists: readonly L[], ids: readonly string[]): L[] {
  const byId = new Map(lists.map((l) => [l.id, l]));
  return ids.map((id) => byId.get(id)!);
}

/** Named lists (the default one does not count against the limit). */
export function namedLists(lists: readonly Pick<ListState, 'id'>[]): number {
  return lists.filter((l) => l.id !== DEFAULT_WATCHLIST_ID).length;
}

export function listLimitMessage(max: number = WATCHLIST_LIMITS.namedLists): string {
  return `You can have at most ${max} lists besides "${DEFAULT_WATCHLIST_NAME}". Delete one to make room.`;
}

export function unknownTickersMessage(unknown: readonly string[]): string {
  const names = unknown.slice(0, 20).join(', ') + (unknown.length > 20 ? ` and ${unknown.length - 20} more` : '');
  return unknown.length === 1
    ? `Unknown ticker ${names}: not added. Search by name or ticker to find one we cover.`
    : `Unknown tickers, not added: ${names}.`;
}

/** A reorder of the lists must name each current list once. */
export function isPermutation(current: readonly string[], proposed: readonly string[]): boolean {
  if (current.length !== proposed.length) return false;
  const want = new Set(current);
  return new Set(proposed).size === proposed.length && proposed.every((id) => want.has(id));
}

export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Ids of the lists whose set of tickers differs between two states (a deleted list counts; order does not). */
export function tickersChanged(
  before: readonly Pick<ListState, 'id' | 'tickers'>[],
  after: readonly Pick<ListState, 'id' | 'tickers'>[],
): string[] {
  const next = new Map(after.map((l) => [l.id, new Set(l.tickers)]));
  return before
    .filter((l) => {
      const now = next.get(l.id);
      return !now || now.size !== new Set(l.tickers).size || l.tickers.some((t) => !now.has(t));
    })
    .map((l) => l.id);
}
