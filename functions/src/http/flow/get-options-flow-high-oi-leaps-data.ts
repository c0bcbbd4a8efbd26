import { loadFlowDays } from './flow-days.ts';
import { dashboardDays, highOiLeaps } from '../../domain/flow/dashboard.ts';
import { defineHandler } from '../../lib/http.ts';
import { withGzip } from '../../lib/gzip.ts';

/** Dashboard: the day's LEAPS (DTE >= 365) with the highest open interest, from the day summary. */
export const handler = withGzip(
  defineHandler('get_options_flow_high_oi_leaps_data', async () => {
    const { current, full } = await loadFlowDays();
    const { day } = dashboardDays(current, full);
    return { date: day?.date ?? null, data: highOiLeaps(day) };
  }),
);
