import type { OverAvgResponse } from '@tapewatch/shared/schemas/flow-dashboard';
import type { FlowDays } from '../../data/flow-summaries.ts';
import { dashboardDays, overAverage, type OverAvgMeasure } from '../../domain/flow/dashboard.ts';

/** The two "over the 20-day average" answers differ only in the measure compared. */
export function overAvgAnswer({ current, full }: FlowDays, measure: OverAvgMeasure): OverAvgResponse {
  const { day, before } = dashboardDays(current, full);
  return {
    date: day?.date ?? null,
    average_from: before.at(-1)?.date ?? null,
    average_to: before[0]?.date ?? null,
    calls: overAverage(day, before, 'calls', measure),
    puts: overAverage(day, before, 'puts', measure),
  };
}
