import type { OverAvgResponse } from '@tapewatch/shared/schemas/flow-dashboard';
import { loadFlowDays } from './flow-days.ts';
import { defineHandler } from '../../lib/http.ts';
import { overAvgAnswer } from './over-avg-answer.ts';
import { summaryMemo } from '../../data/summary-memo.ts';

const memo = summaryMemo<OverAvgResponse>(1);

/** Dashboard: the tickers whose call (put) premium today is furthest above their 20-day average. */
export const handler = defineHandler('get_options_flow_daily_over_avg_premiums_data', async () => {
  const days = await loadFlowDays();
  return memo('premium', days, () => overAvgAnswer(days, 'premium'));
});
