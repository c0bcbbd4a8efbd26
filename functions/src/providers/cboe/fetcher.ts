import { fetchText, parseJsonBody, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { MarketDataProvider } from '../provider.ts';
import { assertTicker } from '../wire-values.ts';
import { CboeEnvelopeError, parseCboeOptionChain } from './option-chain.ts';

export const CBOE_DELAYED_QUOTES = 'https://cdn.cboe.com/api/global/delayed_quotes/options';

// CBOE files index chains under an underscore-prefixed name (_SPX.json); equities/ETFs are plain.
const CBOE_INDICES = new Set(['SPX', 'NDX', 'RUT', 'VIX', 'XSP', 'DJX', 'OEX', 'XEO', 'MRUT']);

export function cboeOptionChainUrl(underlying: string, base = CBOE_DELAYED_QUOTES): string {
  const sym = assertTicker(underlying.replace(/^[_^]/, ''), 'underlying');
  return `${base}/${CBOE_INDICES.has(sym) ? `_${sym}` : sym}.json`;
}

export interface CboeDeps {
  http: HttpGet;
  retry?: RetryPolicy;
  baseUrl?: string;
}

/** CBOE's public delayed-quote CDN (about 15 minutes delayed); no credentials. */
export function createCboeSource(deps: CboeDeps): Pick<MarketDataProvider, 'optionChain'> {
  return {
    async optionChain(underlying) {
      const what = `option chain for ${underlying}`;
      const body = await fetchText(deps.http, cboeOptionChainUrl(underlying, deps.baseUrl), {
        provider: 'cboe',
        what,
        retry: deps.retry,
        headers: { accept: 'application/json' },
        // S3-backed CDN: unknown symbols come back as 403.
        notFoundStatuses: [403, 404],
      });
      try {
        return parseCboeOptionChain(parseJsonBody('cboe', body, what));
      } catch (e) {
        if (e instanceof CboeEnvelopeError) throw new ProviderFormatError('cboe', `${what}: ${e.message}`);
        throw e;
      }
    },
  };
}
