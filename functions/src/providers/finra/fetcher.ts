import { fetchText, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { MarketDataProvider } from '../provider.ts';
import { assertIsoDate, toCompactDate } from '../wire-values.ts';
import { parseFinraShortInterest } from './short-interest.ts';
import { parseFinraShortVolume } from './short-volume.ts';

export const FINRA_CDN = 'https://cdn.finra.org';

export const finraShortVolumeUrl = (date: string, base = FINRA_CDN): string =>
  `${base}/equity/regsho/daily/CNMSshvol${toCompactDate(assertIsoDate(date))}.txt`;

export const finraShortInterestUrl = (settlementDate: string, base = FINRA_CDN): string =>
  `${base}/equity/otcmarket/biweekly/shrt${toCompactDate(assertIsoDate(settlementDate, 'settlementDate'))}.csv`;

export interface FinraDeps {
  http: HttpGet;
  retry?: RetryPolicy;
  baseUrl?: string;
}

// The CDN is S3 behind CloudFront: a missing day's file comes back as 403, not 404.
const NOT_FOUND = [403, 404];

/** FINRA's public CDN; no credentials. */
export function createFinraSource(deps: FinraDeps): Pick<MarketDataProvider, 'dailyShortVolume' | 'shortInterest'> {
  const base = deps.baseUrl ?? FINRA_CDN;
  const get = (url: string, what: string) =>
    fetchText(deps.http, url, { provider: 'finra', what, retry: deps.retry, notFoundStatuses: NOT_FOUND });

  return {
    async dailyShortVolume(date) {
      const what = `daily short volume for ${date}`;
      const report = parseFinraShortVolume(await get(finraShortVolumeUrl(date, base), what));
      // A 200 that parses to nothing is an error page or a format change, not an empty market day.
      if (report.rows.length === 0 && report.skipped > 0)
        throw new ProviderFormatError('finra', `${what}: no parsable rows`);
      return report;
    },
    async shortInterest(settlementDate) {
      const what = `short interest for settlement ${settlementDate}`;
      const report = parseFinraShortInterest(await get(finraShortInterestUrl(settlementDate, base), what));
      if (report.rows.length === 0 && report.skipped > 0)
        throw new ProviderFormatError('finra', `${what}: no parsable rows`);
      return report;
    },
  };
}
