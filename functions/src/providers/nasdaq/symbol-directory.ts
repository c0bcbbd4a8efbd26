import { createReportBuilder, type ParseReport } from '../parse-report.ts';

/** One listed security of the Nasdaq Trader symbol directories. */
export interface ListedSymbol {
  symbol: string;
  /** The directory's "Security Name" ("Apple Inc. - Common Stock"). */
  name: string;
  /** Listing market: NASDAQ, NYSE, NYSE American, NYSE Arca, Cboe BZX, IEX. */
  exchange: string;
  etf: boolean;
}

export type DirectoryFile = 'nasdaqlisted' | 'otherlisted';

/** Header lines of the two files, exactly as nasdaqtrader.com serves them. */
export const DIRECTORY_HEADERS: Readonly<Record<DirectoryFile, string>> = {
  nasdaqlisted: 'Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares',
  otherlisted: 'ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol',
};

/** otherlisted.txt's Exchange column. */
const OTHER_EXCHANGES: Readonly<Record<string, string>> = {
  A: 'NYSE American',
  N: 'NYSE',
  P: 'NYSE Arca',
  Z: 'Cboe BZX',
  V: 'IEX',
};

/**
 * The symbols the product can quote: the same form as the ticker parameter (letters, digits, dot,
 * dash, slash); the directories' preferred and warrant notations ("ABR$D", "ACAH+") are left out.
 */
const TICKER = /^[A-Z0-9][A-Z0-9./-]{0,9}$/;

/**
 * Parses nasdaqlisted.txt or otherlisted.txt (pipe-delimited, a header line, a closing "File
 * Creation Time" line). Test issues are dropped silently (they are not securities); malformed lines
 * are counted. A file whose header is not the expected one is rejected whole: a changed layout must
 * not shift columns into the wrong fields.
 */
export function parseSymbolDirectory(
  text: string,
  file: DirectoryFile,
): ParseReport<ListedSymbol> & { created: string | null } {
  const report = createReportBuilder<ListedSymbol>();
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== DIRECTORY_HEADERS[file]) {
    report.skip(1, `unexpected header for ${file}.txt`, lines[0]);
    return { ...report.build(), created: null };
  }
  let created: string | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (line.startsWith('File Creation Time:')) {
      created = line.slice('File Creation Time:'.length).split('|')[0]!.trim();
      continue;
    }
    const f = line.split('|');
    if (f.length !== 8) {
      report.skip(i + 1, `expected 8 fields, got ${f.length}`, line);
      continue;
    }
    const [symbol, name, third, , etfOrStatus, , ,] = f as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const testIssue = file === 'nasdaqlisted' ? f[3] : f[6];
    const etf = file === 'nasdaqlisted' ? f[6] : etfOrStatus;
    if (testIssue === 'Y') continue;
    const exchange = file === 'nasdaqlisted' ? 'NASDAQ' : OTHER_EXCHANGES[third];
    if (!exchange) {
      report.skip(i + 1, `unknown exchange code ${JSON.stringify(third)}`, line);
      continue;
    }
    if (!TICKER.test(symbol)) continue;
    if (name.trim() === '' || (etf !== 'Y' && etf !== 'N')) {
      report.skip(i + 1, 'missing security name or ETF flag', line);
      continue;
    }
    report.add({ symbol, name: name.trim(), exchange, etf: etf === 'Y' });
  }
  return { ...report.build(), created };
}
