import type { SectorInflowResponse } from '@tapewatch/shared/schemas/flow-dashboard';
import { loadFlowDays } from './flow-days.ts';
import { dashboardDays, sectorInflow } from '../../domain/flow/dashboard.ts';
import { defineHandler } from '../../lib/http.ts';
import { loadDirectory } from '../tickers/directory-cache.ts';
import { summaryMemo } from '../../data/summary-memo.ts';

const memo = summaryMemo<SectorInflowResponse>(1);

/** Dashboard: calls, puts and net premium per sector for the day and the last 5 days with flow. */
export const handler = defineHandler('get_options_flow_sector_inflow_data', async () => {
  const [days, directory] = await Promise.all([loadFlowDays(), loadDirectory()]);
  return memo('sector-inflow', days, () => {
    const { day, week } = dashboardDays(days.current, days.full);
    return {
      date: day?.date ?? null,
      week_from: week[0]?.date ?? null,
      daily: sectorInflow(day ? [day] : [], directory.bySymbol),
      weekly: sectorInflow(week, directory.bySymbol),
    };
  });
});
