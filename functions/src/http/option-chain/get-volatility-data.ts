import type { VolatilityData } from '@tapewatch/shared/schemas/volatility';
import { volatilityData } from '../../domain/volatility/volatility-data.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { negotiatedJson } from '../../lib/gzip.ts';
import { defineHandler } from '../../lib/http.ts';
import { KeptJson } from '../../lib/kept-json.ts';
import { TtlLru } from '../../lib/lru.ts';
import { pricedChain, requireOptionable } from './chain-source.ts';
import { ivYearOf } from './iv-history.ts';

/** Per ticker and chain snapshot: a new snapshot (or the next day's) makes a new answer. */
const answers = new TtlLru<KeptJson>(64, 600_000);

export const handler = defineHandler('get_volatility_data', async ({ query, event }) => {
  const entry = await requireOptionable(query.ticker);
  const chain = await pricedChain(entry);
  const answer = await answers.get(`${entry.symbol}|${chain.as_of}`, async () => {
    const year = await ivYearOf(entry, chain.as_of.slice(0, 10), async () => chain);
    const data = year && volatilityData({ chain, ivHistory: year.ivHistory, closes: year.bars });
    if (!data) throw new NotFoundError(`No volatility history for ${entry.symbol}.`);
    return new KeptJson(data);
  });
  return negotiatedJson<VolatilityData>(event.headers, answer);
});
