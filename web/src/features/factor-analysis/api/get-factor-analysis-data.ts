import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tapewatch/shared/api/routes';
import type { FactorAnalysisFactor, FactorTimeframe } from '@tapewatch/shared/schemas/factor-analysis';
import { apiGet } from '../../../lib/api-client.ts';

export type FactorAnalysisResponse = ResponseOf<'get_factor_analysis_data'>;
export interface FactorAnalysisParams {
  ticker: string;
  factor: FactorAnalysisFactor;
  timeframe: FactorTimeframe;
}
/** The answer together with the parameters it answers (the screen shows the timeframe of the data it has). */
export interface FactorAnalysisResult {
  params: FactorAnalysisParams;
  body: FactorAnalysisResponse;
}

export async function fetchFactorAnalysisData(
  params: FactorAnalysisParams,
  signal?: AbortSignal,
): Promise<FactorAnalysisResult> {
  return { params, body: await apiGet('get_factor_analysis_data', { ...params }, { signal }) };
}

export const factorAnalysisQueryOptions = (params: FactorAnalysisParams) =>
  queryOptions({
    queryKey: ['get_factor_analysis_data', params],
    queryFn: ({ signal }) => fetchFactorAnalysisData(params, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useFactorAnalysisData(params: FactorAnalysisParams) {
  return useQuery({ ...factorAnalysisQueryOptions(params), placeholderData: keepPreviousData });
}
