import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenApiDocument } from '@tapewatch/shared/api/openapi';

/** Path of the route `get_openapi` (shared/src/api/routes.ts); the one route not named after its path. */
export const OPENAPI_PATH = '/api/openapi.json';

export async function fetchOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  const res = await fetch(OPENAPI_PATH, { signal: signal ?? null });
  if (!res.ok) throw new Error(`The API reference could not be loaded (status ${res.status}).`);
  return (await res.json()) as OpenApiDocument;
}

export function useOpenApi() {
  // The document changes only with a deployment.
  return useQuery(
    queryOptions({ queryKey: ['get_openapi'], queryFn: ({ signal }) => fetchOpenApi(signal), staleTime: Infinity }),
  );
}
