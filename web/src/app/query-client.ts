import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Failures are logged by the API client and not shown (spec); retrying a 4xx only repeats alerts.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5 * 60_000 },
    },
  });
}
