import { defineHandler } from '../../lib/http.ts';
import { chainAnswer, requireOptionable } from './chain-source.ts';

export const handler = defineHandler('get_option_chain', async ({ query }) =>
  chainAnswer(await requireOptionable(query.ticker), query.expiration),
);
