import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export type ApiKeysData = ResponseOf<'get_api_keys'>;
export type ApiKeyRow = ApiKeysData['keys'][number];

export const API_KEYS_KEY = ['get_api_keys'] as const;

export const apiKeysQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => apiGet('get_api_keys', {}, { signal }),
    enabled,
    // Usage moves while the page is open: a minute-old count is still useful, an hour-old one is not.
    refetchInterval: 60_000,
  });

export function useApiKeys(enabled: boolean) {
  return useQuery(apiKeysQueryOptions(enabled));
}

/** Create and revoke; both refresh the list. Create resolves with the secret, which only its answer holds. */
export function useApiKeyActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: API_KEYS_KEY });
  return {
    // The server asks for the password again before it mints a key.
    create: useMutation({
      mutationFn: (input: { name: string; password: string }) => apiPost('create_api_key', input),
      onSettled: refresh,
    }),
    revoke: useMutation({ mutationFn: (id: string) => apiPost('revoke_api_key', { id }), onSettled: refresh }),
  };
}
