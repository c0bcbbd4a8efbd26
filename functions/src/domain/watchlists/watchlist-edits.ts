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
 * Lists in the user's order: the index's ids first (ids without a list are skipped), then stored
 * lists the index lacks (oldest first), with the default list first when the index does not place it.
 */
export function orderLists<L extends ListState & { createdAt?: string }>(
  order: readonly string[] | null,
  stored: readonly L[],
): Array<L | ListState> {
  const byId = new Map<string, L | ListState>(stored.map((l) => [l.id, l]));
  if (!byId.has(DEFAULT_WATCHLIST_ID)) byId.set(DEFAULT_WATCHLIST_ID, defaultList());
  const ids = order ?? [];
  const out: Array<L | ListState> = [];
  const seen = new Set<string>();
  const take = (id: string): void => {
    const l = byId.get(id);
    if (l && !seen.has(id)) {
      seen.add(id);
      out.push(l);
    }
  };
  if (!ids.includes(DEFAULT_WATCHLIST_ID)) take(DEFAULT_WATCHLIST_ID);
  for (const id of ids) take(id);
  const rest = stored
    .filter((l) => !seen.has(l.id))
    .sort((a, b) => ((a.createdAt ?? '') < (b.createdAt ?? '') ? -1 : 1));
  for (const l of rest) take(l.id);
  return out;
}

/** Named lists already holding a slot (the index counts, so two tabs cannot both take the last one). */
export function namedSlots(order: readonly string[]): number {
  return order.filter((id) => id !== DEFAULT_WATCHLIST_ID).length;
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
