import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { DEFAULT_WATCHLIST_ID, normaliseTicker } from '@tapewatch/shared/watchlists/limits';
import { apiGet, apiPost } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

export type WatchlistsData = ResponseOf<'get_watchlists'>;
export type Watchlist = WatchlistsData['lists'][number];
export type WatchlistWrite = ResponseOf<'add_watchlist_tickers'>;

export const WATCHLISTS_KEY = ['get_watchlists'] as const;

export const watchlistsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: WATCHLISTS_KEY,
    queryFn: ({ signal }) => apiGet('get_watchlists', {}, { signal }),
    enabled,
    staleTime: 30_000,
  });

/** The signed-in user's lists (none for a visitor: nothing is requested). */
export function useWatchlists() {
  const { loggedIn } = useSession();
  const query = useQuery(watchlistsQueryOptions(loggedIn));
  return {
    loggedIn,
    lists: loggedIn ? (query.data?.lists ?? []) : [],
    isPending: loggedIn && query.isPending,
    limits: query.data?.limits,
  };
}

/** Puts one list as the server answered into the cache (versions only move forward). */
export function storeList(client: QueryClient, list: Watchlist): void {
  client.setQueryData<WatchlistsData>(WATCHLISTS_KEY, (old) => {
    if (!old) return old;
    const at = old.lists.findIndex((l) => l.id === list.id);
    if (at < 0) return { ...old, lists: [...old.lists, list] };
    if (old.lists[at]!.version > list.version) return old;
    return { ...old, lists: old.lists.map((l) => (l.id === list.id ? list : l)) };
  });
}

function patchTickers(client: QueryClient, listId: string, edit: (tickers: string[]) => string[]): void {
  client.setQueryData<WatchlistsData>(WATCHLISTS_KEY, (old) =>
    old ? { ...old, lists: old.lists.map((l) => (l.id === listId ? { ...l, tickers: edit(l.tickers) } : l)) } : old,
  );
}

export interface StarVariables {
  ticker: string;
  listId: string;
  add: boolean;
}

/**
 * Star / unstar with an optimistic cache update: the star turns at once, and a refused write (unknown
 * ticker, list full, network) puts the previous lists back; the API client shows the server's alert.
 */
export function useStarMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ticker, listId, add }: StarVariables) =>
      apiPost(add ? 'add_watchlist_tickers' : 'remove_watchlist_tickers', { id: listId, tickers: [ticker] }),
    onMutate: async ({ ticker, listId, add }) => {
      await client.cancelQueries({ queryKey: WATCHLISTS_KEY });
      const previous = client.getQueryData<WatchlistsData>(WATCHLISTS_KEY);
      const t = normaliseTicker(ticker);
      patchTickers(client, listId, (tickers) =>
        add ? (tickers.includes(t) ? tickers : [...tickers, t]) : tickers.filter((x) => x !== t),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) client.setQueryData(WATCHLISTS_KEY, context.previous);
    },
    onSuccess: (answer) => storeList(client, answer.list),
  });
}

/** One list write whose answer, success or not, refreshes the lists. */
function useListWrite<A>(fn: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: WATCHLISTS_KEY }) });
}

/** List management for the /watchlist page: every answer refreshes the lists. */
export function useWatchlistActions() {
  return {
    create: useListWrite((args: { name: string; tickers?: string[] }) => apiPost('create_watchlist', args)),
    rename: useListWrite((args: { id: string; name: string }) => apiPost('rename_watchlist', args)),
    remove: useListWrite((args: { id: string }) => apiPost('delete_watchlist', args)),
    addTickers: useListWrite((args: { id: string; tickers: string[] }) => apiPost('add_watchlist_tickers', args)),
    removeTickers: useListWrite((args: { id: string; tickers: string[] }) => apiPost('remove_watchlist_tickers', args)),
    orderTickers: useListWrite((args: { id: string; tickers: string[]; version: number }) =>
      apiPost('order_watchlist_tickers', args),
    ),
    reorderLists: useListWrite((args: { ids: string[] }) => apiPost('reorder_watchlists', args)),
  };
}

export { DEFAULT_WATCHLIST_ID };
