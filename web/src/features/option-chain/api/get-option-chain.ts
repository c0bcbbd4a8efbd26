import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type OptionChainData = ResponseOf<'get_option_chain'>;

export function fetchOptionChain(ticker: string, expiration?: string, signal?: AbortSignal): Promise<OptionChainData> {
  return apiGet('get_option_chain', expiration ? { ticker, expiration } : { ticker }, { signal });
}

export const optionChainQueryOptions = (ticker: string, expiration?: string) =>
  queryOptions({
    queryKey: ['get_option_chain', ticker, expiration ?? ''],
    queryFn: ({ signal }) => fetchOptionChain(ticker, expiration, signal),
    // Delayed chains change at most every 15 minutes; the server keeps answers for 5.
    staleTime: 5 * 60_000,
    enabled: ticker !== '',
  });

export function useOptionChain(ticker: string, expiration?: string) {
  // The previous expiration stays on screen while the next one loads (tabs do not flash empty), never another ticker's.
  return useQuery({
    ...optionChainQueryOptions(ticker, expiration),
    placeholderData: (prev) => (prev?.ticker === ticker ? prev : undefined),
  });
}
