import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type CurrentFlow = ResponseOf<'get_current_options_flow'>;

export const CURRENT_FLOW_KEY = ['get_current_options_flow'] as const;

export function fetchCurrentOptionsFlow(signal?: AbortSignal): Promise<CurrentFlow> {
  return apiGet('get_current_options_flow', {}, { signal });
}

export const currentFlowQueryOptions = queryOptions({
  queryKey: CURRENT_FLOW_KEY,
  queryFn: ({ signal }) => fetchCurrentOptionsFlow(signal),
  // The socket keeps the list current; a refetch happens on mode switch and database_cleared only.
  staleTime: Infinity,
  retry: false,
});

export function useCurrentOptionsFlow(enabled: boolean) {
  return useQuery({ ...currentFlowQueryOptions, enabled });
}
