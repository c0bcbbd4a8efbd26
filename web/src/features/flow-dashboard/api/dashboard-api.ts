import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * The eight Dashboard calls (spec part 2 section 7.2). One file: none takes a parameter, and they
 * share the gate and the refresh policy; they differ only in name. Most OTM keeps the key of the
 * Most OTM screen, so moving between the two screens reuses the answer.
 */
export const DASHBOARD_ROUTES = [
  'get_options_flow_index_quotes_data',
  'get_options_flow_index_metrics_data',
  'get_options_flow_largest_flow_data',
  'get_options_flow_sector_inflow_data',
  'get_options_flow_most_otm_data',
  'get_options_flow_high_oi_leaps_data',
  'get_options_flow_daily_over_avg_premiums_data',
  'get_options_flow_daily_over_avg_size_data',
] as const;
export type DashboardRoute = (typeof DASHBOARD_ROUTES)[number];
export type DashboardData<N extends DashboardRoute> = ResponseOf<N>;

/** The day's numbers move with the live flow; a minute keeps revisits instant without going stale for long. */
const STALE_MS = 60_000;

export function fetchDashboardData<N extends DashboardRoute>(name: N, signal?: AbortSignal): Promise<ResponseOf<N>> {
  return apiGet(name, undefined, { signal });
}

export function dashboardQueryOptions<N extends DashboardRoute>(name: N) {
  return queryOptions({
    queryKey: [name],
    queryFn: ({ signal }) => fetchDashboardData(name, signal),
    staleTime: STALE_MS,
    retry: false,
  });
}

export function useDashboardData<N extends DashboardRoute>(name: N, enabled: boolean) {
  return useQuery({ ...dashboardQueryOptions(name), enabled });
}
