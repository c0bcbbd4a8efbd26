import { z } from 'zod';
import { dataMode } from '../platform/clock.ts';
import { createBenzingaSource } from './benzinga/fetcher.ts';
import { createCboeSource } from './cboe/fetcher.ts';
import { createFinraSource } from './finra/fetcher.ts';
import { createNasdaqSource } from './nasdaq/fetcher.ts';
import { rateLimited, rateLimitOf } from './rate-limit.ts';
import { fetchHttpGet } from './http.ts';
import type { HttpGet, RetryPolicy } from './http.ts';
import { createPolygonSource } from './polygon/fetcher.ts';
import { createShillerSource } from './shiller/fetcher.ts';
import type { MarketDataProvider } from './provider.ts';

export class ProviderConfigError extends Error {
  constructor(message: string) {
    super(`market data configuration: ${message}`);
    this.name = 'ProviderConfigError';
  }
}

const blankToUndefined = (v: unknown): unknown => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(blankToUndefined, z.string().trim().optional());

const envSchema = z.object({
  POLYGON_API_KEY: optionalString,
  BENZINGA_API_KEY: optionalString,
  /** Which vendor serves optionChain: CBOE's free CDN (default) or Polygon (needs a key). */
  OPTION_CHAIN_SOURCE: z.preprocess(blankToUndefined, z.enum(['cboe', 'polygon']).default('cboe')),
  POLYGON_BASE_URL: z.preprocess(blankToUndefined, z.url().optional()),
  BENZINGA_BASE_URL: z.preprocess(blankToUndefined, z.url().optional()),
});

/** The vendor of option chains this configuration names (the default, CBOE, when unset or blank). */
export function optionChainSource(env: NodeJS.ProcessEnv = process.env): 'cboe' | 'polygon' {
  return (env.OPTION_CHAIN_SOURCE?.trim() || 'cboe') === 'polygon' ? 'polygon' : 'cboe';
}

export interface ProviderDeps {
  /** Defaults to global fetch; tests inject a replaying HttpGet. */
  http?: HttpGet;
  retry?: RetryPolicy;
  /** Replaces the per-provider request pacing (tests with fake timers pass their own clock). */
  limiterClock?: Parameters<typeof rateLimited>[2];
  /**
   * Requests a person waits for (the chain screens): one whose turn at its vendor's pace is further
   * away than this is refused (ProviderBusyError) rather than queued. Jobs leave it unset and queue.
   */
  maxWaitMs?: number;
  /** Supplies the demo provider (generators producing the real wire formats) in demo mode. */
  demo?: () => MarketDataProvider;
}

/**
 * Builds the provider from configuration. Demo mode (TAPEWATCH_DATA_MODE != 'live', as for the
 * clock) returns the demo provider. Live mode composes FINRA + CBOE (public) with Polygon and
 * Benzinga; a method whose vendor key is missing rejects with MissingApiKeyError when called, so
 * jobs that only need public data still run without any key.
 */
export function selectProvider(env: NodeJS.ProcessEnv, deps: ProviderDeps = {}): MarketDataProvider {
  if (dataMode(env) === 'demo') {
    if (!deps.demo) throw new ProviderConfigError('TAPEWATCH_DATA_MODE is demo but no demo provider was supplied');
    return deps.demo();
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // Only the variable names go into the message: values may be secrets.
    const names = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))].join(', ');
    throw new ProviderConfigError(`invalid value for ${names}`);
  }
  const cfg = parsed.data;
  const base = deps.http ?? fetchHttpGet();
  // Each vendor gets its own pace (rate-limit.ts), so a slow Polygon plan never holds FINRA back.
  const paced = (p: Parameters<typeof rateLimitOf>[0]) =>
    rateLimited(
      base,
      rateLimitOf(p, env),
      deps.limiterClock,
      deps.maxWaitMs === undefined ? undefined : { provider: p, maxWaitMs: deps.maxWaitMs },
    );
  const finra = createFinraSource({ http: paced('finra'), retry: deps.retry });
  const cboe = createCboeSource({ http: paced('cboe'), retry: deps.retry });
  const polygon = createPolygonSource({
    http: paced('polygon'),
    retry: deps.retry,
    apiKey: cfg.POLYGON_API_KEY,
    baseUrl: cfg.POLYGON_BASE_URL,
  });
  const benzinga = createBenzingaSource({
    http: paced('benzinga'),
    retry: deps.retry,
    apiKey: cfg.BENZINGA_API_KEY,
    baseUrl: cfg.BENZINGA_BASE_URL,
  });
  return {
    dailyShortVolume: finra.dailyShortVolume,
    shortInterest: finra.shortInterest,
    optionChain: cfg.OPTION_CHAIN_SOURCE === 'polygon' ? polygon.optionChain : cboe.optionChain,
    vixHistory: cboe.vixHistory,
    dailyAggregates: polygon.dailyAggregates,
    previousClose: polygon.previousClose,
    groupedDaily: polygon.groupedDaily,
    tickerSnapshot: polygon.tickerSnapshot,
    optionsActivity: benzinga.optionsActivity,
    sp500Monthly: createShillerSource({ http: paced('shiller'), retry: deps.retry }).sp500Monthly,
    symbolDirectory: createNasdaqSource({ http: paced('nasdaq'), retry: deps.retry }).symbolDirectory,
  };
}
