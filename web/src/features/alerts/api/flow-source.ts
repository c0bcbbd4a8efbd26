import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** The options-flow source of the registry (shared/src/api/data-sources.ts). */
const FLOW_SOURCE = 'benzinga-options-activity';

export const dataStatusQueryOptions = queryOptions({
  queryKey: ['get_data_status'],
  queryFn: ({ signal }) => apiGet('get_data_status', {}, { signal }),
  staleTime: 60_000,
});

/**
 * The server's sentence when this deployment has no options-flow provider (live mode without its
 * key), else null: alerts match live flow, so without one they cannot fire.
 */
export function useFlowUnavailable(enabled: boolean): string | null {
  const { data } = useQuery({ ...dataStatusQueryOptions, enabled });
  const flow = data?.sources.find((s) => s.source === FLOW_SOURCE);
  return flow && (flow.state === 'missing_key' || flow.state === 'no_live_adapter') ? flow.unavailable : null;
}
