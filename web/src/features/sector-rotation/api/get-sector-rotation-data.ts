import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { RotationFactor, RotationIndex, RotationLookback } from '@tapewatch/shared/schemas/sector-rotation';
import { apiGet } from '../../../lib/api-client.ts';

export type SectorRotationData = ResponseOf<'get_sector_rotation_data'>;

export interface RotationParams {
  index: RotationIndex;
  lookback: RotationLookback;
  factor: RotationFactor;
}

export function fetchSectorRotationData(p: RotationParams, signal?: AbortSignal): Promise<SectorRotationData> {
  return apiGet(
    'get_sector_rotation_data',
    { index: p.index, lookback: String(p.lookback) as `${RotationLookback}`, factor: p.factor },
    { signal },
  );
}

export const sectorRotationQueryOptions = (p: RotationParams) =>
  queryOptions({
    queryKey: ['get_sector_rotation_data', p.index, p.lookback, p.factor],
    queryFn: ({ signal }) => fetchSectorRotationData(p, signal),
    // Precomputed after the close; the server caches 5 minutes.
    staleTime: 5 * 60_000,
  });

export function useSectorRotationData(p: RotationParams) {
  // The previous chart stays on screen (under the loader) while a new choice loads.
  return useQuery({ ...sectorRotationQueryOptions(p), placeholderData: keepPreviousData });
}
