import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type OptionContractData = ResponseOf<'get_option_contract_data'>;

export function fetchOptionContract(symbol: string, signal?: AbortSignal): Promise<OptionContractData> {
  return apiGet('get_option_contract_data', { symbol }, { signal });
}

export const optionContractQueryOptions = (symbol: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['get_option_contract_data', symbol],
    queryFn: ({ signal }) => fetchOptionContract(symbol, signal),
    // Today's prints grow during the session; the chain behind the quote changes every 15 minutes at most.
    staleTime: 60_000,
    enabled: enabled && symbol !== '',
    retry: false,
  });

export function useOptionContract(symbol: string, enabled: boolean) {
  return useQuery(optionContractQueryOptions(symbol, enabled));
}
