import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import { optionChainView, UnlistedExpirationError, type ChainInput } from '../../domain/option-chain/chain-view.ts';
import { dividendYieldOf, RISK_FREE_RATE } from '../../domain/options-market/index.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { TtlLru } from '../../lib/lru.ts';
import { memoize } from '../../lib/memo.ts';
import { clockFor } from '../../platform/clock.ts';
import { ProviderNotFoundError } from '../../providers/http.ts';
import type { OptionChainReport } from '../../providers/option-quote.ts';
import { providerFor } from '../../providers/market-provider.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

/**
 * The configured provider, per container: in demo mode the options market builds any ticker's chain
 * on demand and keeps the latest 64 (demo-provider.ts); live mode fetches the vendor's delayed chain.
 * Renewed every 10 minutes so the series the demo reads follow the daily prices job.
 */
const provider = memoize(600_000, async () => providerFor(documentClient(), clockFor()));

/** A ticker of the directory that lists options (not an index), or the 404 a trader reads. */
export async function requireOptionable(ticker: string): Promise<DirectoryEntry> {
  const entry = await requireTicker(ticker);
  if (entry.kind === 'index') throw new NotFoundError(`${entry.symbol} is an index: its options are not covered here.`);
  return entry;
}

/** The vendor chain of an optionable ticker (the demo's is built on demand and cached). */
export function chainReportOf(entry: DirectoryEntry): Promise<OptionChainReport> {
  return provider().then((p) =>
    p.optionChain(entry.symbol).catch((e: unknown) => {
      if (e instanceof ProviderNotFoundError) throw new NotFoundError(`No option chain for ${entry.symbol} today.`);
      throw e;
    }),
  );
}

/** The chain of an optionable ticker as the chain analytics read it, with the rates its IVs use. */
export async function chainInputOf(entry: DirectoryEntry): Promise<ChainInput> {
  const report = await chainReportOf(entry);
  if (report.underlyingPrice === null || report.asOf === null)
    throw new ServiceUnavailableError(`The ${entry.symbol} option chain came without its underlying price.`);
  return {
    ticker: entry.symbol,
    asOf: report.asOf,
    spot: report.underlyingPrice,
    r: RISK_FREE_RATE,
    q: dividendYieldOf({ symbol: entry.symbol, kind: entry.kind === 'etf' ? 'etf' : 'stock' }),
    quotes: report.rows,
  };
}

/**
 * Chain answers per ticker and expiration, kept a minute: the IVs of a whole SPY chain (~6,000 mids)
 * take a few hundred ms of CPU, and the Volatility page reads the same whole-chain answer.
 */
const answers = new TtlLru<OptionChain>(128, 60_000);

/** The chain answer of one expiration (the nearest monthly without one) or `all`; 400 for an unlisted one. */
export function chainAnswer(entry: DirectoryEntry, expiration?: string): Promise<OptionChain> {
  return answers.get(`${entry.symbol}|${expiration ?? ''}`, async () => {
    const input = await chainInputOf(entry);
    try {
      return optionChainView(input, expiration);
    } catch (e) {
      if (e instanceof UnlistedExpirationError) throw new BadRequestError(e.message);
      throw e;
    }
  });
}
