import { tickerParam } from '@tapewatch/shared/schemas/tickers';
import type { OptionWalls } from '@tapewatch/shared/schemas/option-walls';
import { snapshots } from '../../data/snapshot-catalog.ts';
import { computeOptionWalls } from '../../domain/option-walls/option-walls.ts';
import { toStoredChain } from '../../providers/stored-chain.ts';
import { defineHandler, type LambdaHttpHandler } from '../../lib/http.ts';
import { TtlLru } from '../../lib/lru.ts';
import { chainPriceBasis } from '../../domain/option-chain/chain-input.ts';
import { dataMode } from '../../platform/clock.ts';
import { chainReportOf, requireOptionable } from '../option-chain/chain-source.ts';
import { snapshotHandler } from '../snapshot-handler.ts';

/** SPY, the default: the walls precomputed after the close from the stored chain (spec 2.4). */
const spy = snapshotHandler('get_option_walls', snapshots.optionWalls('SPY'));

const answers = new TtlLru<OptionWalls>(64, 60_000);

/** Any other optionable ticker: the walls and gamma exposure of its current chain, computed on demand. */
const anyTicker = defineHandler('get_option_walls', async ({ query }) => {
  const entry = await requireOptionable(query.ticker ?? 'SPY');
  return answers.get(entry.symbol, async () => {
    const report = await chainReportOf(entry);
    const date = (report.asOf ?? '').slice(0, 10);
    const basis = chainPriceBasis(entry.kind === 'etf' ? 'etf' : 'stock', dataMode());
    return computeOptionWalls(toStoredChain(entry.symbol, date, report.underlyingPrice, report.rows), basis);
  });
});

/** Dispatch on the raw parameter; anything not plainly SPY (bad input included) goes where zod checks it. */
export const handler: LambdaHttpHandler = (event, context) => {
  const raw = event.queryStringParameters?.ticker;
  const parsed = raw === undefined ? null : tickerParam.safeParse(raw);
  return raw === undefined || (parsed?.success && parsed.data === 'SPY')
    ? spy(event, context)
    : anyTicker(event, context);
};
