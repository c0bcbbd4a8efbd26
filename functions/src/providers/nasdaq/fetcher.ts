import { fetchText, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { ParseReport } from '../parse-report.ts';
import type { MarketDataProvider } from '../provider.ts';
import { parseSymbolDirectory, type DirectoryFile, type ListedSymbol } from './symbol-directory.ts';

/** Nasdaq Trader's public symbol directories, rewritten each trading day; no credentials. */
export const NASDAQ_SYMBOL_DIRECTORY = 'https://www.nasdaqtrader.com/dynamic/SymDir';
export const symbolDirectoryUrl = (file: DirectoryFile, base = NASDAQ_SYMBOL_DIRECTORY) => `${base}/${file}.txt`;

/** Both files parsed into one list (NASDAQ listings, then the other exchanges'). */
export function mergeDirectoryReports(reports: ReadonlyArray<ParseReport<ListedSymbol>>): ParseReport<ListedSymbol> {
  return {
    rows: reports.flatMap((r) => r.rows),
    skipped: reports.reduce((n, r) => n + r.skipped, 0),
    skippedLines: reports.flatMap((r) => r.skippedLines).slice(0, 50),
  };
}

export function createNasdaqSource(deps: {
  http: HttpGet;
  retry?: RetryPolicy;
  baseUrl?: string;
}): Pick<MarketDataProvider, 'symbolDirectory'> {
  return {
    async symbolDirectory() {
      const reports = [];
      for (const file of ['nasdaqlisted', 'otherlisted'] as const) {
        const what = `symbol directory ${file}.txt`;
        const text = await fetchText(deps.http, symbolDirectoryUrl(file, deps.baseUrl), {
          provider: 'nasdaq',
          what,
          retry: deps.retry,
        });
        const report = parseSymbolDirectory(text, file);
        // A truncated or replaced file must not shrink the universe: no rows or no trailer = not the directory.
        if (report.rows.length === 0 || report.created === null)
          throw new ProviderFormatError(
            'nasdaq',
            `${what}: not a complete directory (${report.rows.length} rows, ${report.created === null ? 'no' : 'a'} File Creation Time line${report.skippedLines[0] ? `; ${report.skippedLines[0].reason}` : ''})`,
          );
        reports.push(report);
      }
      return mergeDirectoryReports(reports);
    },
  };
}
