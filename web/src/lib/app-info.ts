import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from './api-client.ts';

export type AppInfo = ResponseOf<'get_app_info'>;

export function fetchAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  return apiGet('get_app_info', {}, { signal });
}

export const appInfoQueryOptions = queryOptions({
  queryKey: ['get_app_info'],
  queryFn: ({ signal }) => fetchAppInfo(signal),
  staleTime: 60_000,
});

/** The data mode and demo date: the shell's badge and the screens' demo captions read it. */
export function useAppInfo() {
  return useQuery(appInfoQueryOptions);
}
