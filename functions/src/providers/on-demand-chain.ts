import { ProviderNotFoundError } from './http.ts';
import type { OptionChainReport } from './option-quote.ts';
import type { MarketDataProvider } from './provider.ts';
import { newYorkDateTime } from './trading-date.ts';

/** CBOE's quotes are 15 minutes delayed: a chain fetched within the last 15 minutes is as good as a new one. */
export const LIVE_CHAIN_CACHE_MS = 15 * 60_000;

/**
 * The longest a chain request waits for its turn at the vendor's pace before it is refused: well
 * inside API Gateway's 30 s, with room for the fetch itself.
 */
export const LIVE_CHAIN_MAX_WAIT_MS = 20_000;

/** The shared cache's shape (data/live-chain-cache.ts): a null chain is the vendor's "no options". */
export interface ChainStore {
  get(ticker: string): Promise<{ fetchedAt: number; payload: OptionChainReport | null } | null>;
  put(ticker: string, entry: { fetchedAt: number; payload: OptionChainReport | null }, date: string): Promise<void>;
}

export interface OnDemandChainDeps {
  /** The configured provider; live mode's is paced at each vendor's rate (select-provider.ts). */
  provider: () => Promise<Pick<MarketDataProvider, 'optionChain'>>;
  /** The store shared across containers; null in demo mode, whose provider keeps its own chains. */
  store: () => ChainStore | null;
  /** New York's trading date today (the demand list's date). */
  today: () => string;
  now?: () => number;
  /** Called when the shared cache cannot be written: the answer is still served. */
  onStoreError?: (error: unknown) => void;
}

const noChain = (ticker: string): ProviderNotFoundError =>
  new ProviderNotFoundError('cboe', `${ticker}.json`, `option chain for ${ticker}`);

/**
 * Any optionable ticker's chain, fetched when asked: from the shared cache when a container fetched
 * it in the last 15 minutes, else from the vendor (through the provider's pacing) and stored for the
 * others. A ticker the vendor has no chain for is cached as such too, so asking again does not
 * spend the vendor's pace. Concurrent requests in one container share one fetch.
 */
export function onDemandChains(deps: OnDemandChainDeps): (ticker: string) => Promise<OptionChainReport> {
  // Date is read on each call, so a test that moves the wall clock moves this one too.
  const now = deps.now ?? (() => Date.now());
  const inFlight = new Map<string, Promise<OptionChainReport>>();

  async function load(ticker: string): Promise<OptionChainReport> {
    // First, so a configuration that cannot serve chains refuses even while a chain is cached.
    const provider = await deps.provider();
    const store = deps.store();
    if (!store) return provider.optionChain(ticker);
    const cached = await store.get(ticker);
    if (cached && now() - cached.fetchedAt < LIVE_CHAIN_CACHE_MS) {
      if (cached.payload === null) throw noChain(ticker);
      return cached.payload;
    }
    const fetchedAt = now();
    let payload: OptionChainReport | null;
    try {
      const report = await provider.optionChain(ticker);
      // An empty options array is CBOE's way of saying "listed, but no options": not a chain.
      // Polygon's snapshot carries no snapshot time: it is the fetch's (its quotes are as of then).
      payload = report.rows.length === 0 ? null : { ...report, asOf: report.asOf ?? snapshotTime(fetchedAt) };
    } catch (e) {
      if (!(e instanceof ProviderNotFoundError)) throw e;
      payload = null;
    }
    await store.put(ticker, { fetchedAt, payload }, deps.today()).catch((e: unknown) => deps.onStoreError?.(e));
    if (payload === null) throw noChain(ticker);
    return payload;
  }

  return (ticker) => {
    const key = ticker.toUpperCase();
    const running = inFlight.get(key);
    if (running) return running;
    const promise = load(key).finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };
}

/** 'YYYY-MM-DD HH:mm:ss' New York, the form CBOE stamps its chains with. */
const snapshotTime = (epochMs: number): string => newYorkDateTime(epochMs).replace('T', ' ');
