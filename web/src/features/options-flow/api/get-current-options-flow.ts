import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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
  // The socket keeps the list current; a refetch happens on mode switch, database_cleared and a socket reconnect.
  staleTime: Infinity,
  retry: false,
});

export function useCurrentOptionsFlow(enabled: boolean) {
  return useQuery({ ...currentFlowQueryOptions, enabled });
}

/**
 * Refetches the current flow (a reconnected socket missed what was published while it was down)
 * and answers the keys of the list now held, so streamed copies of those trades can be forgotten.
 */
export async function reloadCurrentFlow(client: QueryClient): Promise<ReadonlySet<string>> {
  await client.invalidateQueries({ queryKey: CURRENT_FLOW_KEY });
  const data = client.getQueryData<CurrentFlow>(CURRENT_FLOW_KEY);
  return new Set((data?.options_flow ?? []).map((t) => t.key));
}
