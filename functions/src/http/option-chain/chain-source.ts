import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { documentClient } from '../../data/client.ts';
import {
  type ChainInput,
  chainSlice,
  optionChainView,
  UnlistedExpirationError,
} from '../../domain/option-chain/chain-view.ts';
import { dividendYieldOf, RISK_FREE_RATE } from '../../domain/options-market/index.ts';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { KeptJson } from '../../lib/kept-json.ts';
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
