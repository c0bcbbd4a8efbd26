import { loadFlowDays } from './flow-days.ts';
import { dashboardDays, largestFlow } from '../../domain/flow/dashboard.ts';
import { defineHandler } from '../../lib/http.ts';

/** Dashboard: the largest trades of the day and of the last 5 days with flow (bubble charts). */
export const handler = defineHandler('get_options_flow_largest_flow_data', async () => {
  const { current, full } = await loadFlowDays();
  const { day, week } = dashboardDays(current, full);
  return {
    date: day?.date ?? null,
    week_from: week[0]?.date ?? null,
    daily: largestFlow(day ? [day] : []),
    weekly: largestFlow(week),
  };
});
