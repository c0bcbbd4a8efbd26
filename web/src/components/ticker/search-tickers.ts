import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../lib/api-client.ts';

export type SearchTickersResult = ResponseOf<'search_tickers'>;
/** [symbol, company], best match first. */
export type TickerSuggestion = SearchTickersResult['tickers'][number];

/** The route rejects fragments over 40 characters; longer input cannot match a name anyway. */
const MAX_FRAGMENT = 40;

export function toSearchFragment(text: string): string {
  return text.trim().slice(0, MAX_FRAGMENT).trim();
}

export function fetchSearchTickers(fragment: string, signal?: AbortSignal): Promise<SearchTickersResult> {
  return apiGet('search_tickers', { fragment }, { signal });
}

export function searchTickersQueryOptions(text: string) {
  const fragment = toSearchFragment(text);
  return queryOptions({
    // Case does not change the server's answer, so "aapl" and "AAPL" share one cache entry.
    queryKey: ['search_tickers', fragment.toLowerCase()],
    queryFn: ({ signal }) => fetchSearchTickers(fragment, signal),
    enabled: fragment !== '',
    // The directory changes rarely; repeated typing of the same prefix should not refetch.
    staleTime: 10 * 60_000,
    // Keep the last list on screen while the next fragment loads, so the popup does not flicker.
    placeholderData: keepPreviousData,
  });
}

export function useSearchTickers(text: string) {
  return useQuery(searchTickersQueryOptions(text));
}
