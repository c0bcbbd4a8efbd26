import { documentClient } from '../../data/client.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { loadFlowDays } from './flow-days.ts';
import { mostOtm } from '../../domain/flow/most-otm.ts';
import { defineHandler } from '../../lib/http.ts';
import { withGzip } from '../../lib/gzip.ts';

/**
 * The most out-of-the-money trades of the latest day with flow (today once trading started), from
 * the day summaries (today's is recomputed every few seconds), so a request costs no day read.
 */
export const handler = withGzip(
  defineHandler('get_options_flow_most_otm_data', async () => {
    const { today, current, full } = await loadFlowDays();
    const day = current ?? full[0];
    if (!day) return { date: today, data: [] };
    // A summary stored before it carried the list: computed once from the day's trades.
    const data = day.mostOtm ?? mostOtm((await new FlowRepository(documentClient()).readDay(day.date)).trades);
    return { date: day.date, data };
  }),
);
