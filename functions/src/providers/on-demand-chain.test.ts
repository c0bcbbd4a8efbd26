import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cboeOptionChainUrl } from './cboe/fetcher.ts';
import { fixtureText, replayHttp, type ReplayAnswer } from './fixtures/load-fixture.ts';
import { MissingApiKeyError, ProviderNotFoundError } from './http.ts';
import { LIVE_CHAIN_CACHE_MS, LIVE_CHAIN_MAX_WAIT_MS, onDemandChains, type ChainStore } from './on-demand-chain.ts';
import { polygonUrls } from './polygon/fetcher.ts';
import { PROVIDER_RATE_LIMITS, ProviderBusyError } from './rate-limit.ts';
import { ProviderConfigError, selectProvider } from './select-provider.ts';

/**
 * Live mode's on-demand chains (issue 38 item 5) over recorded vendor formats: CBOE's real IWM chain
 * of 2026-07-02 (excerpt) and Polygon's documented v3 options snapshot, through the real adapters,
 * the real per-vendor pacing (on fake timers) and a store shared by two "containers".
 */
const IWM = fixtureText('cboe/IWM_cboe_delayed_quotes_wrapped_20260702_excerpt.json');
const LIVE = { TAPEWATCH_DATA_MODE: 'live' };
const CBOE_INTERVAL_MS = 60_000 / PROVIDER_RATE_LIMITS.cboe;

/** The shared cache as the DynamoDB one behaves, in memory: what one container stores, all read. */
function sharedStore() {
  const items = new Map<string, Parameters<ChainStore['put']>[1]>();
  const reads: string[] = [];
  const store: ChainStore = {
    get: async (t) => {
      reads.push(t);
      return items.get(t) ?? null;
    },
    put: async (t, entry) => void items.set(t, entry),
  };
  return { store, items, reads };
}

/** One container: the live provider over `routes`, with its own pacing and in-flight map. */
function container(
  env: Record<string, string>,
  routes: Record<string, ReplayAnswer>,
  store: ChainStore | null,
  maxWaitMs?: number,
) {
  const http = replayHttp(routes);
  const provider = selectProvider(env, { http, retry: { attempts: 1, baseDelayMs: 0 }, maxWaitMs });
  const chains = onDemandChains({ provider: async () => provider, store: () => store, today: () => '2026-07-02' });
  return { chains, http };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-07-02T20:20:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('live option chains on demand', () => {
  it("fetches any ticker's CBOE chain at CBOE's pace: requests start one interval apart, never sooner", async () => {
    const started: Array<[string, number]> = [];
    const t0 = Date.now();
    const answer =
      (sym: string): ReplayAnswer =>
      () => {
        started.push([sym, Date.now() - t0]);
        return { status: 200, body: IWM };
      };
    const { chains } = container(
      LIVE,
      Object.fromEntries(['IWM', 'QQQ', 'AAPL'].map((s) => [cboeOptionChainUrl(s), answer(s)])),
      sharedStore().store,
    );
    const asked = ['IWM', 'QQQ', 'AAPL'].map((t) => chains(t));
    await vi.advanceTimersByTimeAsync(CBOE_INTERVAL_MS - 1);
    expect(started).toEqual([['IWM', 0]]);
    await vi.advanceTimersByTimeAsync(CBOE_INTERVAL_MS + 1);
    const reports = await Promise.all(asked);
    expect(started).toEqual([
      ['IWM', 0],
      ['QQQ', CBOE_INTERVAL_MS],
      ['AAPL', 2 * CBOE_INTERVAL_MS],
    ]);
    expect(reports.map((r) => [r.rows.length, r.underlyingPrice, r.asOf])).toEqual(
      Array(3).fill([458, 296.57, '2026-07-02 20:09:28']),
    );
  });

  it('serves a chain another container fetched within 15 minutes from the shared cache, and fetches again after', async () => {
    const shared = sharedStore();
    const routes = { [cboeOptionChainUrl('IWM')]: { status: 200, body: IWM } };
    const a = container(LIVE, routes, shared.store);
    const b = container(LIVE, routes, shared.store);
    const first = await a.chains('IWM');
    expect(a.http.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(LIVE_CHAIN_CACHE_MS - 1);
    const cached = await b.chains('iwm');
    expect(b.http.calls).toHaveLength(0);
    expect(cached).toEqual(first);

    await vi.advanceTimersByTimeAsync(1);
    await b.chains('IWM');
    expect(b.http.calls.map((c) => c.url)).toEqual([cboeOptionChainUrl('IWM')]);
    expect(shared.items.get('IWM')?.fetchedAt).toBe(Date.now());
  });

  it('refuses at once, with no request sent, a chain whose turn at the pace is more than 20 s away (a burst of tickers)', async () => {
    const tickers = Array.from({ length: 25 }, (_, i) => `T${String.fromCharCode(65 + i)}`);
    const { chains, http } = container(
      LIVE,
      Object.fromEntries(tickers.map((t) => [cboeOptionChainUrl(t), { status: 200, body: IWM }])),
      sharedStore().store,
      LIVE_CHAIN_MAX_WAIT_MS,
    );
    const settled = tickers.map((t) =>
      chains(t).then(
        () => 'ok',
        (e: unknown) => e,
      ),
    );
    await vi.advanceTimersByTimeAsync(LIVE_CHAIN_MAX_WAIT_MS);
    const results = await Promise.all(settled);
    // Turns 0..20 s are within the bound; the 22nd and later would wait longer.
    const ok = LIVE_CHAIN_MAX_WAIT_MS / CBOE_INTERVAL_MS + 1;
    expect(results.slice(0, ok)).toEqual(Array(ok).fill('ok'));
    for (const r of results.slice(ok)) expect(r).toBeInstanceOf(ProviderBusyError);
    expect(http.calls).toHaveLength(ok);
  });

  it('shares one fetch between concurrent requests for the same ticker in a container', async () => {
    const { chains, http } = container(
      LIVE,
      { [cboeOptionChainUrl('IWM')]: { status: 200, body: IWM } },
      sharedStore().store,
    );
    const both = Promise.all([chains('IWM'), chains('IWM')]);
    await vi.runAllTimersAsync();
    const [x, y] = await both;
    expect(x).toBe(y);
    expect(http.calls).toHaveLength(1);
  });

  it('answers "no chain" for a ticker CBOE lists no options for, and remembers it for 15 minutes', async () => {
    const shared = sharedStore();
    const routes = {
      // CBOE's S3-backed CDN answers 403 for a symbol it has no file for; an empty chain says the same.
      [cboeOptionChainUrl('BRKA')]: { status: 403, body: '<Error>AccessDenied</Error>' },
      [cboeOptionChainUrl('EMPTY')]: { status: 200, body: JSON.stringify({ timestamp: 'x', data: { options: [] } }) },
    };
    const { chains, http } = container(LIVE, routes, shared.store);
    await expect(chains('BRKA')).rejects.toBeInstanceOf(ProviderNotFoundError);
    const empty = chains('EMPTY');
    const emptyCheck = expect(empty).rejects.toBeInstanceOf(ProviderNotFoundError);
    await vi.runAllTimersAsync();
    await emptyCheck;
    await expect(chains('BRKA')).rejects.toBeInstanceOf(ProviderNotFoundError);
    expect(http.calls).toHaveLength(2);
    expect(shared.items.get('BRKA')?.payload).toBeNull();
  });

  it('refuses when OPTION_CHAIN_SOURCE=polygon has no POLYGON_API_KEY: no request, nothing cached, no CBOE instead', async () => {
    const shared = sharedStore();
    const routes = { [cboeOptionChainUrl('IWM')]: { status: 200, body: IWM } };
    const { chains, http } = container(
      { ...LIVE, OPTION_CHAIN_SOURCE: 'polygon', POLYGON_API_KEY: ' ' },
      routes,
      shared.store,
    );
    const err = await chains('IWM').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MissingApiKeyError);
    expect((err as MissingApiKeyError).envVar).toBe('POLYGON_API_KEY');
    expect(http.calls).toEqual([]);
    expect(shared.items.size).toBe(0);
  });

  it('refuses a misconfigured source before reading the cache', async () => {
    const shared = sharedStore();
    const chains = onDemandChains({
      provider: async () => selectProvider({ ...LIVE, OPTION_CHAIN_SOURCE: 'yahoo' }),
      store: () => shared.store,
      today: () => '2026-07-02',
    });
    await expect(chains('IWM')).rejects.toBeInstanceOf(ProviderConfigError);
    expect(shared.reads).toEqual([]);
  });

  it("reads Polygon's options snapshot with OPTION_CHAIN_SOURCE=polygon and its key, stamped with the fetch time", async () => {
    const { chains, http } = container(
      { ...LIVE, OPTION_CHAIN_SOURCE: 'polygon', POLYGON_API_KEY: 'pk-test' },
      {
        [polygonUrls.optionChain('AAPL')]: { status: 200, body: fixtureText('polygon/v3_snapshot_options_AAPL.json') },
      },
      sharedStore().store,
    );
    const report = await chains('AAPL');
    expect(http.calls.map((c) => [c.url, c.headers.authorization])).toEqual([
      [polygonUrls.optionChain('AAPL'), 'Bearer pk-test'],
    ]);
    expect(report.rows[0]).toMatchObject({ symbol: 'AAPL230616C00150000', strike: 150, bid: 28.9, ask: 29.25 });
    expect(report.underlyingPrice).toBe(159.9606);
    // 20:20 UTC on 2 July is 16:20 in New York (EDT).
    expect(report.asOf).toBe('2026-07-02 16:20:00');
  });

  it('demo mode has no shared store: the demo provider answers (it keeps its own chains)', async () => {
    const optionChain = vi.fn(async () => ({
      rows: [],
      skipped: 0,
      skippedLines: [],
      underlying: 'SPY',
      underlyingPrice: 1,
      asOf: 'x',
    }));
    const chains = onDemandChains({ provider: async () => ({ optionChain }), store: () => null, today: () => 'x' });
    await chains('SPY');
    expect(optionChain).toHaveBeenCalledWith('SPY');
  });
});
