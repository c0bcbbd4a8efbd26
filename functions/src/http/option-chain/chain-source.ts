import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import {
  type ChainInput,
  chainSlice,
  optionChainView,
  UnlistedExpirationError,
} from '../../domain/option-chain/chain-view.ts';
import { chainInputFrom } from '../../domain/option-chain/chain-input.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { KeptJson } from '../../lib/kept-json.ts';
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
  const kind = entry.kind === 'etf' ? 'etf' : 'stock';
  const input = chainInputFrom(entry.symbol, kind, await chainReportOf(entry), dataMode());
  if (!input) throw new ServiceUnavailableError(`The ${entry.symbol} option chain came without its underlying price.`);
  return input;
}

/**
 * Whole chains priced once per ticker and vendor snapshot (its as-of time): the IVs of a whole SPY
 * chain (~6,000 mids) take a few hundred ms of CPU, so the Volatility page and every expiration asked
 * for afterwards read the one pricing. A new snapshot (the next day's demo chain, live mode's next
 * 15-minute delayed chain) has a new key. 16 whole chains are ~10-100 MB of heap.
 */
const pricedChains = new TtlLru<OptionChain>(16, 3_600_000);
/** Answers as JSON bytes and compressed forms, per ticker, snapshot and expiration asked for. */
const keptAnswers = new TtlLru<KeptJson>(128, 3_600_000);

const pricedKey = (input: ChainInput) => `${input.ticker}|${input.asOf}`;

/** The whole chain of the ticker's current snapshot, every IV and Greek solved once per snapshot. */
export async function pricedChain(entry: DirectoryEntry): Promise<OptionChain> {
  return pricedOf(await chainInputOf(entry));
}

const pricedOf = (input: ChainInput) => pricedChains.get(pricedKey(input), async () => optionChainView(input, 'all'));

/** An answer of the chain, or the 400 a trader reads for an expiration the chain does not list. */
function orBadRequest(answer: () => OptionChain): OptionChain {
  try {
    return answer();
  } catch (e) {
    if (e instanceof UnlistedExpirationError) throw new BadRequestError(e.message);
    throw e;
  }
}

/**
 * One expiration (the nearest monthly without one) or `all` of the current snapshot; 400 for an
 * unlisted one. One expiration is cut from the whole chain when that is priced, else priced alone
 * (a few hundred IVs, not the whole chain's thousands); `all` prices the whole chain once.
 */
async function answerOf(input: ChainInput, expiration?: string): Promise<OptionChain> {
  if (expiration === 'all') return pricedOf(input);
  const whole = pricedChains.peek(pricedKey(input));
  if (whole) {
    const priced = await whole;
    return orBadRequest(() => chainSlice(priced, expiration));
  }
  return orBadRequest(() => optionChainView(input, expiration));
}

export async function chainAnswer(entry: DirectoryEntry, expiration?: string): Promise<OptionChain> {
  return answerOf(await chainInputOf(entry), expiration);
}

/** chainAnswer as kept JSON bytes: a repeated request costs a lookup, no pricing, serialising or compressing. */
export async function keptChainAnswer(entry: DirectoryEntry, expiration?: string): Promise<KeptJson> {
  const input = await chainInputOf(entry);
  return keptAnswers.get(
    `${pricedKey(input)}|${expiration ?? ''}`,
    async () => new KeptJson(await answerOf(input, expiration)),
  );
}

/**
 * One contract at the close of each of `dates` (before today), as one-line chains; null when the
 * configured provider cannot rebuild past sessions (live vendors serve the current chain only).
 */
export async function contractDaysOf(
  entry: DirectoryEntry,
  symbol: string,
  dates: readonly string[],
): Promise<OptionChainReport[] | null> {
  const p = await provider();
  return p.optionContractDays ? p.optionContractDays(entry.symbol, symbol, dates) : null;
}
