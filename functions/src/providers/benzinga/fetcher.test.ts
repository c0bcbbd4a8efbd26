import { describe, expect, it } from 'vitest';
import { benzingaRecord } from '../fixtures/benzinga-record.ts';
import { replayHttp } from '../fixtures/load-fixture.ts';
import { MissingApiKeyError, ProviderHttpError, ProviderNetworkError } from '../http.ts';
import type { HttpGet } from '../http.ts';
import { benzingaOptionsActivityUrl, createBenzingaSource } from './fetcher.ts';

const KEY = 'bz_SECRET_abc';
const URL_P0 = `https://api.benzinga.com/api/v1/signal/option_activity?token=${KEY}&parameters%5Bdate%5D=2019-08-26&page=0&pagesize=2`;

describe('Benzinga fetcher', () => {
  it('builds the signals URL with the token parameter', () => {
    expect(benzingaOptionsActivityUrl(KEY, '2019-08-26', 0, 2)).toBe(URL_P0);
    expect(() => benzingaOptionsActivityUrl(KEY, '2019-08-26', -1, 2)).toThrow(RangeError);
  });

  it('asks only for records updated since a time when polling for a delta', () => {
    expect(benzingaOptionsActivityUrl(KEY, '2019-08-26', 0, 2, undefined, 1566835200)).toBe(
      `${URL_P0}&parameters%5Bupdated%5D=1566835200`,
    );
    expect(() => benzingaOptionsActivityUrl(KEY, '2019-08-26', 0, 2, undefined, 1.5)).toThrow(RangeError);
  });

  it('replays a page and reports whether more may follow', async () => {
    const body = JSON.stringify({ option_activity: [benzingaRecord(), benzingaRecord({ id: '2', size: 'x' })] });
    const http = replayHttp({
      [URL_P0]: { status: 200, body },
      [URL_P0.replace('page=0', 'page=1')]: { status: 200, body: '{}' },
    });
    const source = createBenzingaSource({ http, apiKey: KEY, pageSize: 2 });
    const first = await source.optionsActivity('2019-08-26');
    expect(first).toMatchObject({ page: 0, hasMore: true, skipped: 1 });
    expect(first.rows[0]).toMatchObject({ ticker: 'SPY', strikePrice: 292, costBasisUsd: 56000 });
    expect(http.calls[0]?.headers).toEqual({ accept: 'application/json' });
    expect(await source.optionsActivity('2019-08-26', 1)).toMatchObject({ page: 1, hasMore: false, rows: [] });
  });

  it('never lets the token into an error message', async () => {
    const http = replayHttp({ [URL_P0]: { status: 401 } });
    const err = await createBenzingaSource({ http, apiKey: KEY, pageSize: 2 })
      .optionsActivity('2019-08-26')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect((err as Error).message).toContain('token=REDACTED');
    expect((err as Error).message).toContain('BENZINGA_API_KEY');
    expect((err as Error).message).not.toContain(KEY);

    const failing: HttpGet = async (url) => {
      throw new Error(`connect ECONNREFUSED while fetching ${url}`);
    };
    const netErr = await createBenzingaSource({ http: failing, apiKey: KEY, retry: { attempts: 1, baseDelayMs: 0 } })
      .optionsActivity('2019-08-26')
      .catch((e: unknown) => e);
    expect(netErr).toBeInstanceOf(ProviderNetworkError);
    expect((netErr as Error).message).not.toContain(KEY);
  });

  it('a missing key is a clear typed error', async () => {
    await expect(
      createBenzingaSource({ http: replayHttp({}), apiKey: '' }).optionsActivity('2019-08-26'),
    ).rejects.toThrow(MissingApiKeyError);
  });
});
