import { parseOccSymbol } from '@tapewatch/shared/options/occ-symbol';
import { defineHandler } from '../../lib/http.ts';
import { withGzip } from '../../lib/gzip.ts';
import { requireOptionable } from '../option-chain/chain-source.ts';
import { contractAnswer } from './contract-answer.ts';

/** The contract page (/contract/:symbol): the contract's daily history, its prints and their P&L. */
export const handler = withGzip(
  defineHandler('get_option_contract_data', async ({ query }) =>
    contractAnswer(await requireOptionable(parseOccSymbol(query.symbol)!.root), query.symbol),
  ),
);
