import { fetchText, MissingApiKeyError, parseJsonBody, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { MarketDataProvider, OptionsActivityPage } from '../provider.ts';
import { assertIsoDate } from '../wire-values.ts';
import { BenzingaEnvelopeError, parseBenzingaOptionsActivity } from './options-activity.ts';

export const BENZINGA_API = 'https://api.benzinga.com/api/v1';
/** The API's maximum page size. */
export const BENZINGA_PAGE_SIZE = 1000;

export interface BenzingaDeps {
  http: HttpGet;
  apiKey: string | undefined;
  retry?: RetryPolicy;
  baseUrl?: string;
  pageSize?: number;
}

/** The signals API only accepts the key as the `token` query parameter; fetchText redacts it from errors. */
export function benzingaOptionsActivityUrl(
  apiKey: string,
  date: string,
  page: number,
  pageSize: number,
  base = BENZINGA_API,
  updatedSince?: number,
): string {
  if (!Number.isInteger(page) || page < 0) throw new RangeError(`page must be a non-negative integer, got ${page}`);
  const q = new URLSearchParams({
    token: apiKey,
    'parameters[date]': assertIsoDate(date),
    page: String(page),
    pagesize: String(pageSize),
  });
  // The API's delta filter: records whose `updated` (Unix seconds) is at or after the value.
  if (updatedSince !== undefined) {
    if (!Number.isInteger(updatedSince) || updatedSince < 0)
      throw new RangeError(`updatedSince must be Unix seconds, got ${updatedSince}`);
    q.set('parameters[updated]', String(updatedSince));
  }
  return `${base}/signal/option_activity?${q.toString()}`;
}

export function createBenzingaSource(deps: BenzingaDeps): Pick<MarketDataProvider, 'optionsActivity'> {
  const pageSize = deps.pageSize ?? BENZINGA_PAGE_SIZE;
  return {
    async optionsActivity(date, page = 0, updatedSince?: number): Promise<OptionsActivityPage> {
      if (!deps.apiKey) throw new MissingApiKeyError('benzinga', 'BENZINGA_API_KEY');
      const what = `options activity ${date} page ${page}`;
      const body = await fetchText(
        deps.http,
        benzingaOptionsActivityUrl(deps.apiKey, date, page, pageSize, deps.baseUrl, updatedSince),
        {
          provider: 'benzinga',
          what,
          retry: deps.retry,
          headers: { accept: 'application/json' },
          authHint: 'check BENZINGA_API_KEY',
        },
      );
      try {
        const report = parseBenzingaOptionsActivity(parseJsonBody('benzinga', body, what));
        return { ...report, page, hasMore: report.rows.length + report.skipped >= pageSize };
      } catch (e) {
        if (e instanceof BenzingaEnvelopeError) throw new ProviderFormatError('benzinga', `${what}: ${e.message}`);
        throw e;
      }
    },
  };
}
