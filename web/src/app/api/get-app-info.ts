import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../lib/api-client.ts';

export type AppInfo = ResponseOf<'get_app_info'>;

export function fetchAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  return apiGet('get_app_info', {}, { signal });
}

export const appInfoQueryOptions = queryOptions({
  queryKey: ['get_app_info'],
  queryFn: ({ signal }) => fetchAppInfo(signal),
  staleTime: 60_000,
});

export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
