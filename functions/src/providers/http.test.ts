import { describe, expect, it } from 'vitest';
import { replayHttp } from './fixtures/load-fixture.ts';
import { fetchText, ProviderHttpError, ProviderNetworkError, redactUrl } from './http.ts';
import type { HttpGet } from './http.ts';

describe('redactUrl', () => {
  it('hides credential query parameters and keeps the rest', () => {
    expect(redactUrl('https://x.test/a?token=abc&page=1')).toBe('https://x.test/a?token=REDACTED&page=1');
    expect(redactUrl('https://x.test/a?apiKey=abc')).toBe('https://x.test/a?apiKey=REDACTED');
    expect(redactUrl('not a url?api_key=abc&x=1')).toBe('not a url?api_key=REDACTED&x=1');
  });
});

describe('fetchText', () => {
  const opts = {
    provider: 'cboe' as const,
    what: 'test',
    retry: { attempts: 3, baseDelayMs: 10, sleep: async () => {} },
  };

  it('retries network failures, then succeeds', async () => {
    let n = 0;
    const http: HttpGet = async () => {
      n += 1;
      if (n < 3) throw new Error('socket hang up');
      return { status: 200, text: async () => 'ok' };
    };
    expect(await fetchText(http, 'https://x.test/', opts)).toBe('ok');
    expect(n).toBe(3);
  });

  it('does not retry other 4xx; surfaces the last retryable error', async () => {
    const bad = replayHttp({ 'https://x.test/': { status: 400 } });
    await expect(fetchText(bad, 'https://x.test/', opts)).rejects.toMatchObject({ status: 400, retryable: false });
    expect(bad.calls).toHaveLength(1);
    const down: HttpGet = async () => {
      throw new Error('ETIMEDOUT');
    };
    const err = await fetchText(down, 'https://x.test/', opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderNetworkError);
    expect(err).not.toBeInstanceOf(ProviderHttpError);
    expect((err as Error).message).toBe('cboe: request failed at https://x.test/: ETIMEDOUT');
  });
});
