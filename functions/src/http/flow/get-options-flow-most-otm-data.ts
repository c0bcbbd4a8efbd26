import { documentClient } from '../../data/client.ts';
import { FlowRepository } from '../../data/flow-repository.ts';
import { mostOtm } from '../../domain/flow/most-otm.ts';
import { defineHandler } from '../../lib/http.ts';
import { clockFor } from '../../platform/clock.ts';
import { withGzip } from './gzip.ts';

/** The most out-of-the-money trades of the latest day with flow (today once trading started). */
export const handler = withGzip(
  defineHandler('get_options_flow_most_otm_data', async () => {
    const repo = new FlowRepository(documentClient());
    const today = clockFor().today();
    const [latest] = await repo.listDays('2019-01-01', today);
    let { trades } = await repo.readDay(today);
    let date = today;
    if (trades.length === 0 && latest) ({ trades } = await repo.readDay((date = latest.date)));
    return { date, data: mostOtm(trades) };
  }),
);
