import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet } from '../../../lib/api-client.ts';

export type DataStatus = ResponseOf<'get_data_status'>;

export const dataStatusQueryOptions = queryOptions({
  queryKey: ['get_data_status'],
  queryFn: ({ signal }): Promise<DataStatus> => apiGet('get_data_status', {}, { signal }),
  // The server memoizes it for a few seconds; a minute is fresh enough for a status page.
  staleTime: 60_000,
});

export function useDataStatus() {
  return useQuery(dataStatusQueryOptions);
}
