import { fetchText, parseJsonBody, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { MarketDataProvider } from '../provider.ts';
import { assertTicker } from '../wire-values.ts';
import { CboeEnvelopeError, parseCboeOptionChain } from './option-chain.ts';
import { parseCboeVixHistory } from './vix-history.ts';

export const CBOE_DELAYED_QUOTES = 'https://cdn.cboe.com/api/global/delayed_quotes/options';
/** The whole daily VIX history since 1990 in one public CSV, updated each trading day. */
export const CBOE_VIX_HISTORY_URL = 'https://cdn.cboe.com/api/global/us_indices/daily_prices/VIX_History.csv';

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
  /** Replaces CBOE_VIX_HISTORY_URL (tests, a mirror). */
  vixHistoryUrl?: string;
}

/** CBOE's public delayed-quote CDN (about 15 minutes delayed); no credentials. */
export function createCboeSource(deps: CboeDeps): Pick<MarketDataProvider, 'optionChain' | 'vixHistory'> {
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

    /**
     * The whole file or nothing: one bad line (a cut download ends in a partial line), another
     * header or no rows refuses it, so the job keeps the stored history rather than store a hole.
     */
    async vixHistory() {
      const what = 'VIX history';
      const text = await fetchText(deps.http, deps.vixHistoryUrl ?? CBOE_VIX_HISTORY_URL, {
        provider: 'cboe',
        what,
        retry: deps.retry,
        headers: { accept: 'text/csv' },
      });
      const report = parseCboeVixHistory(text);
      const first = report.skippedLines[0];
      if (first)
        throw new ProviderFormatError(
          'cboe',
          `${what}: file refused, ${report.skipped} bad line${report.skipped === 1 ? '' : 's'} (line ${first.line}: ${first.reason}${first.sample === undefined ? '' : `: ${JSON.stringify(first.sample)}`})`,
        );
      if (report.rows.length === 0) throw new ProviderFormatError('cboe', `${what}: no rows`);
      return report;
    },
  };
}
