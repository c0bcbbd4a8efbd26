import { describe, expect, it } from 'vitest';
import { fixtureText, replayHttp } from '../fixtures/load-fixture.ts';
import { ProviderFormatError, ProviderHttpError, ProviderNotFoundError } from '../http.ts';
import { createFinraSource, finraShortInterestUrl, finraShortVolumeUrl } from './fetcher.ts';

const SV_URL = 'https://cdn.finra.org/equity/regsho/daily/CNMSshvol20210427.txt';
const SI_URL = 'https://cdn.finra.org/equity/otcmarket/biweekly/shrt20210715.csv';
const noSleep = { attempts: 3, baseDelayMs: 1, sleep: async () => {} };

describe('FINRA fetchers', () => {
  it('build the public CDN URLs', () => {
    expect(finraShortVolumeUrl('2021-04-27')).toBe(SV_URL);
    expect(finraShortInterestUrl('2021-07-15')).toBe(SI_URL);
    expect(() => finraShortVolumeUrl('2021-4-27')).toThrow(RangeError);
    expect(() => finraShortInterestUrl('2021-02-30')).toThrow(RangeError);
  });

  it('replay the real daily file through the production path', async () => {
    const http = replayHttp({ [SV_URL]: { status: 200, body: fixtureText('finra/CNMSshvol20210427.txt.gz') } });
    const report = await createFinraSource({ http }).dailyShortVolume('2021-04-27');
    expect(report.rows).toHaveLength(9714);
    expect(report.trailerMatches).toBe(true);
    expect(http.calls.map((c) => c.url)).toEqual([SV_URL]);
  });

  it('replay the short-interest excerpt', async () => {
    const http = replayHttp({ [SI_URL]: { status: 200, body: fixtureText('finra/shrt20210715_excerpt.txt') } });
    const report = await createFinraSource({ http }).shortInterest('2021-07-15');
    expect(report.rows).toHaveLength(50);
    expect(report.rows[0]).toMatchObject({ symbol: 'A', currentShortInterest: 2571122 });
  });

  it('a holiday (no file: 403 from the S3-backed CDN, or 404) is a non-retryable not-found', async () => {
    for (const status of [403, 404]) {
      const http = replayHttp({
        'https://cdn.finra.org/equity/regsho/daily/CNMSshvol20210705.txt': {
          status,
          body: '<Error>AccessDenied</Error>',
        },
      });
      const err = await createFinraSource({ http, retry: noSleep })
        .dailyShortVolume('2021-07-05')
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderNotFoundError);
      expect((err as ProviderNotFoundError).retryable).toBe(false);
      expect((err as Error).message).toContain('daily short volume for 2021-07-05');
      expect(http.calls).toHaveLength(1);
    }
  });

  it('retries 5xx and 429 with backoff, then succeeds', async () => {
    const answers = [
      { status: 503 },
      { status: 429 },
      { status: 200, body: fixtureText('finra/CNMSshvol20210802_excerpt_samgozman.txt') },
    ];
    const delays: number[] = [];
    const http = replayHttp({
      'https://cdn.finra.org/equity/regsho/daily/CNMSshvol20210802.txt': () => answers.shift() ?? { status: 500 },
    });
    const source = createFinraSource({
      http,
      // Jitter pinned at its top: the full exponential step (half of it at random() = 0).
      retry: { attempts: 3, baseDelayMs: 100, random: () => 1, sleep: async (ms) => void delays.push(ms) },
    });
    expect((await source.dailyShortVolume('2021-08-02')).rows).toHaveLength(10);
    expect(delays).toEqual([100, 200]);
  });

  it('gives up after the last attempt with a retryable typed error', async () => {
    const http = replayHttp({ [SV_URL]: { status: 502 } });
    const err = await createFinraSource({ http, retry: noSleep })
      .dailyShortVolume('2021-04-27')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect(err).toMatchObject({ status: 502, retryable: true, provider: 'finra' });
    expect(http.calls).toHaveLength(3);
  });

  it('a 200 that is not the format (an HTML page) is a format error, not an empty day', async () => {
    const http = replayHttp({ [SV_URL]: { status: 200, body: '<html>\n<body>maintenance</body>\n</html>' } });
    await expect(createFinraSource({ http }).dailyShortVolume('2021-04-27')).rejects.toBeInstanceOf(
      ProviderFormatError,
    );
  });
});
