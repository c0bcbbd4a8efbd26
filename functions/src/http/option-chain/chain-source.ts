import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import { optionChainView, UnlistedExpirationError, type ChainInput } from '../../domain/option-chain/chain-view.ts';
import { chainInputFrom } from '../../domain/option-chain/chain-input.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { TtlLru } from '../../lib/lru.ts';
import { memoize } from '../../lib/memo.ts';
import { clockFor, dataMode } from '../../platform/clock.ts';
import { LiveChainCache } from '../../data/live-chain-cache.ts';
import { createLogger, errorFields } from '../../lib/log.ts';
import { LIVE_CHAIN_MAX_WAIT_MS, onDemandChains } from '../../providers/on-demand-chain.ts';
import { optionChainSource } from '../../providers/select-provider.ts';
import { liveChainError } from './live-chain-errors.ts';
import type { OptionChainReport } from '../../providers/option-quote.ts';
import { providerFor } from '../../providers/market-provider.ts';
import { requireTicker } from '../tickers/directory-cache.ts';

const log = createLogger({ source: 'option-chain' });

/**
 * The configured provider, per container: in demo mode the options market builds any ticker's chain
 * on demand and keeps the latest 64 (demo-provider.ts); live mode fetches the vendor's delayed chain.
 * Renewed every 10 minutes so the series the demo reads follow the daily prices job.
 */
const provider = memoize(
  600_000,
  // A trader waits for the answer: past 20 s of the vendor's queue the request is refused (503), not queued.
  async () => providerFor(documentClient(), clockFor(), { maxWaitMs: LIVE_CHAIN_MAX_WAIT_MS }),
  () => Date.now(),
);

/** A ticker of the directory that lists options (not an index), or the 404 a trader reads. */
export async function requireOptionable(ticker: string): Promise<DirectoryEntry> {
  const entry = await requireTicker(ticker);
  if (entry.kind === 'index') throw new NotFoundError(`${entry.symbol} is an index: its options are not covered here.`);
  return entry;
}

/** Live mode: the vendor's chain shared across containers for 15 minutes (on-demand-chain.ts). */
const chains = onDemandChains({
  provider,
  store: () =>
    dataMode() === 'live' ? new LiveChainCache<OptionChainReport>(documentClient(), optionChainSource()) : null,
  today: () => clockFor().today(),
  onStoreError: (e) => log.warn('option chain cache not written', errorFields(e)),
});

/** The vendor chain of an optionable ticker (the demo's is built on demand and cached). */
export function chainReportOf(entry: DirectoryEntry): Promise<OptionChainReport> {
  return chains(entry.symbol).catch((e: unknown) => {
    throw liveChainError(entry.symbol, e);
  });
}

/** The chain of an optionable ticker as the chain analytics read it, with the rates its IVs use. */
export async function chainInputOf(entry: DirectoryEntry): Promise<ChainInput> {
  const input = chainInputFrom(entry.symbol, entry.kind === 'etf' ? 'etf' : 'stock', await chainReportOf(entry));
  if (!input) throw new ServiceUnavailableError(`The ${entry.symbol} option chain came without its underlying price.`);
  return input;
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
