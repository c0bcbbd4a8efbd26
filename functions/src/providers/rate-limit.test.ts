import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayHttp } from './fixtures/load-fixture.ts';
import { backoffDelay, fetchText, parseRetryAfter } from './http.ts';
import { PROVIDER_RATE_LIMITS, ProviderBusyError, rateLimited, rateLimitOf } from './rate-limit.ts';

// Fake timers throughout: the limiter and the backoff wait with setTimeout, and nothing here sleeps.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2021-04-27T22:30:00Z'));
});
afterEach(() => vi.useRealTimers());

/** Resolves each promise's settlement into `log` so a test can see what has happened by when. */
const track = (p: Promise<unknown>, log: string[], name: string) => void p.then(() => log.push(name));

describe('rateLimited', () => {
  it('spaces requests 60/perMinute seconds apart, in call order', async () => {
    const http = replayHttp({ 'https://api.test/a': { status: 200, body: 'a' } });
    const get = rateLimited(http, PROVIDER_RATE_LIMITS.polygon);
    const done: string[] = [];
    for (const n of ['1', '2', '3']) track(get('https://api.test/a'), done, n);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['1']);
    await vi.advanceTimersByTimeAsync(11_999);
    expect(done).toEqual(['1']);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(['1', '2']);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(done).toEqual(['1', '2', '3']);
    expect(http.calls).toHaveLength(3);
  });

  it('does not wait after a quiet spell', async () => {
    const http = replayHttp({ 'https://api.test/a': { status: 200 } });
    const get = rateLimited(http, 5);
    await get('https://api.test/a');
    await vi.advanceTimersByTimeAsync(60_000);
    const done: string[] = [];
    track(get('https://api.test/a'), done, 'later');
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toEqual(['later']);
  });

  it('with a wait bound, refuses a request whose turn is further away, taking no turn from those queued', async () => {
    const http = replayHttp({ 'https://api.test/a': { status: 200 } });
    // One a second; a caller waits at most 2.5 s: turns at 0, 1 and 2 s are taken, the fourth is refused.
    const get = rateLimited(http, 60, undefined, { provider: 'cboe', maxWaitMs: 2_500 });
    const done: string[] = [];
    for (const n of ['1', '2', '3']) track(get('https://api.test/a'), done, n);
    await expect(get('https://api.test/a')).rejects.toBeInstanceOf(ProviderBusyError);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(done).toEqual(['1', '2', '3']);
    expect(http.calls).toHaveLength(3);
    // The refused request took no slot: the next one starts on the 1 s beat after the third.
    track(get('https://api.test/a'), done, '4');
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toEqual(['1', '2', '3', '4']);
  });

  it('takes a paid Polygon plan from POLYGON_REQUESTS_PER_MINUTE', () => {
    expect(rateLimitOf('polygon', {})).toBe(5);
    expect(rateLimitOf('polygon', { POLYGON_REQUESTS_PER_MINUTE: '600' })).toBe(600);
    expect(rateLimitOf('polygon', { POLYGON_REQUESTS_PER_MINUTE: 'lots' })).toBe(5);
    expect(rateLimitOf('finra', { POLYGON_REQUESTS_PER_MINUTE: '600' })).toBe(PROVIDER_RATE_LIMITS.finra);
  });
});

describe('backoff on 429 and 5xx', () => {
  const url = 'https://api.test/bars';

  it('waits exponentially with jitter between half and all of the step', () => {
    const policy = { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 30_000 };
    expect(backoffDelay({ ...policy, random: () => 0 }, 1, null)).toBe(500);
    expect(backoffDelay({ ...policy, random: () => 0.999_999 }, 1, null)).toBeCloseTo(1_000, 0);
    expect(backoffDelay({ ...policy, random: () => 0 }, 3, null)).toBe(2_000);
    expect(backoffDelay({ ...policy, random: () => 1 }, 10, null)).toBe(30_000);
    // Retry-After wins when longer than the backoff, even above the ceiling.
    expect(backoffDelay({ ...policy, random: () => 0 }, 1, 45_000)).toBe(45_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2021-04-27T22:30:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('Tue, 27 Apr 2021 22:30:20 GMT', now)).toBe(20_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('honours Retry-After on a 429, then backs off exponentially on 503s, then succeeds', async () => {
    const answers = [
      { status: 429, headers: { 'Retry-After': '20' } },
      { status: 503 },
      { status: 503 },
      { status: 200, body: 'bars' },
    ];
    const http = replayHttp({ [url]: () => answers.shift()! });
    const done: string[] = [];
    const body = fetchText(http, url, {
      provider: 'polygon',
      what: 'bars',
      retry: { attempts: 5, baseDelayMs: 1_000, maxDelayMs: 30_000, random: () => 0 },
    });
    track(body, done, 'ok');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(http.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(http.calls).toHaveLength(2);
    // Attempt 2 failed: 2 s step, jitter 0 -> 1 s; attempt 3: 4 s step -> 2 s.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(http.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(http.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(await body).toBe('bars');
    expect(done).toEqual(['ok']);
  });

  it('gives up after the last attempt with the vendor error, and never retries a 401', async () => {
    const down = replayHttp({ [url]: { status: 503 } });
    const failing = fetchText(down, url, {
      provider: 'polygon',
      what: 'bars',
      retry: { attempts: 2, baseDelayMs: 100 },
    });
    const settled = failing.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled).toMatchObject({ status: 503, retryable: true });
    expect(down.calls).toHaveLength(2);
    const denied = replayHttp({ [url]: { status: 401 } });
    await expect(fetchText(denied, url, { provider: 'polygon', what: 'bars' })).rejects.toMatchObject({ status: 401 });
    expect(denied.calls).toHaveLength(1);
  });
});
