import { parseShillerCsv } from './shiller-csv.ts';
import { fetchText, ProviderFormatError } from '../http.ts';
import type { HttpGet, RetryPolicy } from '../http.ts';
import type { MarketDataProvider } from '../provider.ts';

/** The datasets/s-and-p-500 mirror of Shiller's monthly file (ODC-PDDL-1.0), no credentials. */
export const SHILLER_CSV_URL = 'https://raw.githubusercontent.com/datasets/s-and-p-500/main/data/data.csv';

export function createShillerSource(deps: {
  http: HttpGet;
  retry?: RetryPolicy;
  url?: string;
}): Pick<MarketDataProvider, 'sp500Monthly'> {
  return {
    async sp500Monthly() {
      const what = 'S&P 500 monthly data';
      const report = parseShillerCsv(
        await fetchText(deps.http, deps.url ?? SHILLER_CSV_URL, { provider: 'shiller', what, retry: deps.retry }),
      );
      if (report.rows.length === 0) throw new ProviderFormatError('shiller', `${what}: no parsable rows`);
      return report;
    },
  };
}
