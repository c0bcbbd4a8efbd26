import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { MAX_HISTORICAL_ROWS } from '@tapewatch/shared/params/flow';
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
 * Reloads the current flow after a socket reconnect (it missed what was published while down) and
 * answers the keys of the list now held, so streamed copies of those trades can be forgotten. Issue
 * 23: it asks only for the trades newer than the newest it holds (`since`) and merges them; a
 * failed or other-day answer falls back to a full reload.
 */
export async function reloadCurrentFlow(client: QueryClient): Promise<ReadonlySet<string>> {
  const held = client.getQueryData<CurrentFlow>(CURRENT_FLOW_KEY);
  const newest = held?.options_flow[0]?.key;
  let merged: CurrentFlow | null = null;
  if (held && newest !== undefined) {
    try {
      const delta = await apiGet('get_current_options_flow', { since: newest });
      if (delta.date === held.date) {
        const known = new Set(held.options_flow.map((t) => t.key));
        merged = {
          ...delta,
          options_flow: [...delta.options_flow.filter((t) => !known.has(t.key)), ...held.options_flow].slice(
            0,
            MAX_HISTORICAL_ROWS,
          ),
        };
      }
    } catch {
      merged = null;
    }
  }
  if (merged) client.setQueryData(CURRENT_FLOW_KEY, merged);
  else await client.invalidateQueries({ queryKey: CURRENT_FLOW_KEY });
  const data = client.getQueryData<CurrentFlow>(CURRENT_FLOW_KEY);
  return new Set((data?.options_flow ?? []).map((t) => t.key));
}
