import { parseOccSymbol } from '@tapewatch/shared/options/occ-symbol';
import type { OptionContractData } from '@tapewatch/shared/schemas/option-contract';
import { negotiatedJson } from '../../lib/gzip.ts';
import { defineHandler } from '../../lib/http.ts';
import { requireOptionable } from '../option-chain/chain-source.ts';
import { keptContractAnswer } from './contract-answer.ts';

/** The contract page (/contract/:symbol): the contract's daily history, its prints and their P&L. */
export const handler = defineHandler('get_option_contract_data', async ({ query, event }) =>
  negotiatedJson<OptionContractData>(
    event.headers,
    await keptContractAnswer(await requireOptionable(parseOccSymbol(query.symbol)!.root), query.symbol),
  ),
);
