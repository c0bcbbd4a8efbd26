import { loadFlowDays } from './flow-days.ts';
import { dashboardDays, indexMetrics } from '../../domain/flow/dashboard.ts';
import { defineHandler } from '../../lib/http.ts';

/** Dashboard: the day's call and put premiums and trade counts of SPY, QQQ and IWM. */
export const handler = defineHandler('get_options_flow_index_metrics_data', async () => {
  const { current, full } = await loadFlowDays();
  return indexMetrics(dashboardDays(current, full).day);
});
