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
 * chain (~6,000 mids) take a few hundred ms of CPU, so every expiration of a snapshot, the Volatility
 * page and the quote panel read the one pricing. A new snapshot (the next day's demo chain, live
 * mode's next 15-minute delayed chain) has a new key. 16 whole chains are ~10-100 MB of heap.
 */
const pricedChains = new TtlLru<OptionChain>(16, 3_600_000);
/** Each answer's JSON and compressed forms, per priced chain (gone with it) and expiration asked for. */
const keptBodies = new WeakMap<OptionChain, Map<string, KeptJson>>();

const pricedKey = (input: ChainInput) => `${input.ticker}|${input.asOf}`;

/** The whole chain of the ticker's current snapshot, every IV and Greek solved once per snapshot. */
export async function pricedChain(entry: DirectoryEntry): Promise<OptionChain> {
  const input = await chainInputOf(entry);
  return pricedChains.get(pricedKey(input), async () => optionChainView(input, 'all'));
}

/** An answer of the chain, or the 400 a trader reads for an expiration the chain does not list. */
function orBadRequest(answer: () => OptionChain): OptionChain {
  try {
    return answer();
  } catch (e) {
    if (e instanceof UnlistedExpirationError) throw new BadRequestError(e.message);
    throw e;
  }
}

/** The chain answer of one expiration (the nearest monthly without one) or `all`; 400 for an unlisted one. */
export async function chainAnswer(entry: DirectoryEntry, expiration?: string): Promise<OptionChain> {
  const whole = await pricedChain(entry);
  return orBadRequest(() => chainSlice(whole, expiration));
}

/** chainAnswer as kept JSON bytes: a repeated request costs a map lookup, no serialising or compressing. */
export async function keptChainAnswer(entry: DirectoryEntry, expiration?: string): Promise<KeptJson> {
  const whole = await pricedChain(entry);
  let bodies = keptBodies.get(whole);
  if (!bodies) keptBodies.set(whole, (bodies = new Map()));
  const key = expiration ?? '';
  let body = bodies.get(key);
  if (!body) bodies.set(key, (body = new KeptJson(orBadRequest(() => chainSlice(whole, expiration)))));
  return body;
}

/**
 * One expiration of the current snapshot: cut from the whole chain when it is already priced,
 * else that expiration priced alone (a few hundred IVs, not the whole chain's thousands).
 */
export async function expirationAnswer(entry: DirectoryEntry, expiration: string): Promise<OptionChain> {
  const input = await chainInputOf(entry);
  const whole = pricedChains.peek(pricedKey(input));
  if (whole) {
    const priced = await whole;
    return orBadRequest(() => chainSlice(priced, expiration));
  }
  return orBadRequest(() => optionChainView(input, expiration));
}
