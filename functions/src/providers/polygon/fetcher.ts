import { fetchText, MissingApiKeyError, parseJsonBody, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { OptionChainReport } from '../option-quote.ts';
import { MAX_SKIPPED_LINES } from '../parse-report.ts';
import type { ParseReport } from '../parse-report.ts';
import type { MarketDataProvider } from '../provider.ts';
import { assertIsoDate, assertTicker } from '../wire-values.ts';
import { parsePolygonAggregates } from './aggregates.ts';
import type { DailyBarsReport } from './aggregates.ts';
import { PolygonEnvelopeError } from './envelope.ts';
import { parsePolygonOptionChain } from './options-snapshot.ts';
import { parsePolygonSnapshot } from './snapshot.ts';

export const POLYGON_API = 'https://api.polygon.io';
/** Safety stop for next_url chains (250 contracts per options page -> 10,000 contracts). */
export const POLYGON_MAX_PAGES = 40;

type PolygonMethods = 'dailyAggregates' | 'previousClose' | 'groupedDaily' | 'tickerSnapshot' | 'optionChain';

export interface PolygonDeps {
  http: HttpGet;
  apiKey: string | undefined;
  retry?: RetryPolicy;
  baseUrl?: string;
}

const path = (ticker: string): string => encodeURIComponent(assertTicker(ticker));

export const polygonUrls = {
  dailyAggregates: (ticker: string, from: string, to: string, base = POLYGON_API) =>
    `${base}/v2/aggs/ticker/${path(ticker)}/range/1/day/${assertIsoDate(from, 'from')}/${assertIsoDate(to, 'to')}?adjusted=true&sort=asc&limit=50000`,
  previousClose: (ticker: string, base = POLYGON_API) => `${base}/v2/aggs/ticker/${path(ticker)}/prev?adjusted=true`,
  groupedDaily: (date: string, base = POLYGON_API) =>
    `${base}/v2/aggs/grouped/locale/us/market/stocks/${assertIsoDate(date)}?adjusted=true`,
  tickerSnapshot: (ticker: string, base = POLYGON_API) =>
    `${base}/v2/snapshot/locale/us/markets/stocks/tickers/${path(ticker)}`,
  optionChain: (underlying: string, base = POLYGON_API) => `${base}/v3/snapshot/options/${path(underlying)}?limit=250`,
};

/** Concatenates next_url pages; the cursor is dropped because every page was followed. */
function mergePages<R extends ParseReport<unknown> & { nextUrl?: string }>(pages: R[]): Omit<R, 'nextUrl'> {
  const [first, ...rest] = pages;
  if (!first) throw new Error('mergePages needs at least one page');
  const { nextUrl: _cursor, ...merged } = first;
  const rows = [...first.rows];
  const skippedLines = [...first.skippedLines];
  let skipped = first.skipped;
  for (const p of rest) {
    rows.push(...p.rows);
    skipped += p.skipped;
    skippedLines.push(...p.skippedLines);
  }
  return { ...merged, rows, skipped, skippedLines: skippedLines.slice(0, MAX_SKIPPED_LINES) };
}

/**
 * Polygon REST. The key travels in the Authorization header, never in the URL, so URLs can be
 * logged and next_url cursors are followed only on the configured origin (the key must not leak).
 */
export function createPolygonSource(deps: PolygonDeps): Pick<MarketDataProvider, PolygonMethods> {
  const base = deps.baseUrl ?? POLYGON_API;
  const origin = new URL(base).origin;

  async function getJson(url: string, what: string): Promise<unknown> {
    if (!deps.apiKey) throw new MissingApiKeyError('polygon', 'POLYGON_API_KEY');
    const body = await fetchText(deps.http, url, {
      provider: 'polygon',
      what,
      retry: deps.retry,
      headers: { authorization: `Bearer ${deps.apiKey}`, accept: 'application/json' },
      authHint: 'check POLYGON_API_KEY and the plan',
    });
    return parseJsonBody('polygon', body, what);
  }

  async function parse<R>(url: string, what: string, parser: (json: unknown) => R): Promise<R> {
    const json = await getJson(url, what);
    try {
      return parser(json);
    } catch (e) {
      if (e instanceof PolygonEnvelopeError) throw new ProviderFormatError('polygon', `${what}: ${e.message}`);
      throw e;
    }
  }

  async function paged<R extends ParseReport<unknown> & { nextUrl?: string }>(
    url: string,
    what: string,
    parser: (json: unknown) => R,
  ): Promise<Omit<R, 'nextUrl'>> {
    const pages: R[] = [];
    let next: string | undefined = url;
    while (next !== undefined && pages.length < POLYGON_MAX_PAGES) {
      const page: R = await parse(next, `${what} (page ${pages.length + 1})`, parser);
      pages.push(page);
      next = page.nextUrl !== undefined && new URL(page.nextUrl).origin === origin ? page.nextUrl : undefined;
    }
    return mergePages(pages);
  }

  return {
    dailyAggregates: (ticker, from, to): Promise<DailyBarsReport> =>
      paged(
        polygonUrls.dailyAggregates(ticker, from, to, base),
        `daily bars ${ticker} ${from}..${to}`,
        parsePolygonAggregates,
      ),
    previousClose: (ticker) =>
      parse(polygonUrls.previousClose(ticker, base), `previous close ${ticker}`, parsePolygonAggregates),
    groupedDaily: (date) =>
      parse(polygonUrls.groupedDaily(date, base), `grouped daily ${date}`, parsePolygonAggregates),
    tickerSnapshot: (ticker) =>
      parse(polygonUrls.tickerSnapshot(ticker, base), `snapshot ${ticker}`, parsePolygonSnapshot),
    optionChain: async (underlying): Promise<OptionChainReport> => {
      const report = await paged(
        polygonUrls.optionChain(underlying, base),
        `option chain ${underlying}`,
        parsePolygonOptionChain,
      );
      return { ...report, underlying: report.underlying ?? assertTicker(underlying) };
    },
  };
}
