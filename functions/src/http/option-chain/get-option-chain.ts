import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import { negotiatedJson } from '../../lib/gzip.ts';
import { defineHandler } from '../../lib/http.ts';
import { keptChainAnswer, requireOptionable } from './chain-source.ts';

export const handler = defineHandler('get_option_chain', async ({ query, event }) =>
  negotiatedJson<OptionChain>(
    event.headers,
    await keptChainAnswer(await requireOptionable(query.ticker), query.expiration),
  ),
);
