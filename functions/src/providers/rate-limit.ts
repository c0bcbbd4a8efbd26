import { ProviderError, type HttpGet, type ProviderName } from './http.ts';

/**
 * Requests per minute each vendor is sent at most, from its published terms (the README's "Run on
 * real data" table repeats them). Where a vendor publishes no limit, a polite pace that keeps a
 * year's backfill to minutes. Polygon's free plan allows 5 a minute; paid plans are unlimited,
 * so POLYGON_REQUESTS_PER_MINUTE raises it.
 */
export const PROVIDER_RATE_LIMITS: Readonly<Record<Exclude<ProviderName, 'demo'>, number>> = {
  polygon: 5,
  // Benzinga's options-activity API: a licensed key, no published per-minute cap; one page a second.
  benzinga: 60,
  // cdn.finra.org, cdn.cboe.com, nasdaqtrader.com and the Shiller file: public files, no published limit.
  finra: 120,
  cboe: 60,
  nasdaq: 60,
  shiller: 60,
};

export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A request that would wait past the caller's limit for its turn: refused at once, taking no turn. */
export class ProviderBusyError extends ProviderError {
  constructor(provider: ProviderName, waitMs: number) {
    super(provider, `busy: the next request slot is ${Math.ceil(waitMs / 1000)} s away`, false);
    this.name = 'ProviderBusyError';
  }
}

/**
 * An HttpGet that starts at most `perMinute` requests a minute, evenly spaced (one every
 * 60/perMinute seconds), in call order. Retries go through it too, so a backoff never bursts
 * past the limit. With `maxWaitMs` (a request a person waits for), a request whose turn is further
 * away than that is refused with ProviderBusyError instead of queued: a burst of distinct requests
 * cannot build a queue that outlives the people who asked.
 */
export function rateLimited(
  http: HttpGet,
  perMinute: number,
  clock: LimiterClock = realClock,
  bound?: { provider: ProviderName; maxWaitMs: number },
): HttpGet {
  if (!(perMinute > 0)) throw new Error(`rate limit must be positive, got ${perMinute}`);
  const interval = 60_000 / perMinute;
  let nextSlot = Number.NEGATIVE_INFINITY;
  // Turns queued whose slot is not taken yet: nextSlot does not count them.
  let queued = 0;
  let queue: Promise<void> = Promise.resolve();
  return (url, init) => {
    if (bound) {
      const wait = Math.max(0, nextSlot - clock.now()) + queued * interval;
      if (wait > bound.maxWaitMs) return Promise.reject(new ProviderBusyError(bound.provider, wait));
    }
    queued++;
    const turn = queue.then(async () => {
      queued--;
      const now = clock.now();
      const start = Math.max(now, nextSlot);
      nextSlot = start + interval;
      if (start > now) await clock.sleep(start - now);
    });
    queue = turn;
    return turn.then(() => http(url, init));
  };
}

/** The per-minute limit of a provider under this configuration (POLYGON_REQUESTS_PER_MINUTE for paid plans). */
export function rateLimitOf(provider: Exclude<ProviderName, 'demo'>, env: NodeJS.ProcessEnv = process.env): number {
  const override = provider === 'polygon' ? Number(env.POLYGON_REQUESTS_PER_MINUTE) : Number.NaN;
  return Number.isFinite(override) && override > 0 ? override : PROVIDER_RATE_LIMITS[provider];
}
