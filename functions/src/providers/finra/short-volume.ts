import { z } from 'zod';
import { createReportBuilder, describeIssues, splitLines } from '../parse-report.ts';
import type { ParseReport } from '../parse-report.ts';
import { compactDate, tickerSymbol, unsignedDecimalText } from '../wire-values.ts';

/**
 * FINRA Reg SHO daily short-sale volume files (CNMSshvolYYYYMMDD.txt and the per-facility files):
 *   Date|Symbol|ShortVolume|ShortExemptVolume|TotalVolume|Market   (header)
 *   20210427|A|109763|1|244138|B,Q,N                              (one row per symbol)
 *   9714                                                           (trailer: number of data rows)
 * CRLF on the CDN; LF, a BOM and blank lines are tolerated because mirrors and re-saves produce them.
 */
export const FINRA_SHORT_VOLUME_HEADER = 'Date|Symbol|ShortVolume|ShortExemptVolume|TotalVolume|Market';

export interface ShortVolumeRow {
  /** Trade date, YYYY-MM-DD. */
  date: string;
  symbol: string;
  shortVolume: number;
  shortExemptVolume: number;
  totalVolume: number;
  /** Reporting facilities, e.g. ['B', 'Q', 'N']. */
  markets: string[];
}

export interface ShortVolumeReport extends ParseReport<ShortVolumeRow> {
  /** Row count announced by the file's trailer line, when present. */
  trailerCount?: number;
  /** trailerCount equals the number of parsed rows (false flags a truncated or damaged file). */
  trailerMatches?: boolean;
}

const rowSchema = z.object({
  date: compactDate,
  symbol: tickerSymbol,
  shortVolume: unsignedDecimalText,
  shortExemptVolume: unsignedDecimalText,
  totalVolume: unsignedDecimalText,
  markets: z
    .string()
    .regex(/^([A-Z]{1,4}(,[A-Z]{1,4})*)?$/, 'invalid market list')
    .transform((s) => (s === '' ? [] : s.split(','))),
});

const isHeader = (line: string): boolean =>
  line.replace(/\s+/g, '').toLowerCase() === FINRA_SHORT_VOLUME_HEADER.toLowerCase();

export function parseFinraShortVolume(text: string): ShortVolumeReport {
  const lines = splitLines(text);
  const report = createReportBuilder<ShortVolumeRow>();
  let lastNonBlank = -1;
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    if ((lines[i] ?? '').trim() !== '') {
      lastNonBlank = i;
      break;
    }
  }

  let trailerCount: number | undefined;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || isHeader(line)) return;
    // Only the final line may be the trailer; a bare number elsewhere is damage, not metadata.
    if (/^\d+$/.test(line)) {
      if (i === lastNonBlank) trailerCount = Number(line);
      else report.skip(i + 1, 'row count line before end of file', raw);
      return;
    }
    const fields = line.split('|');
    if (fields.length !== 6) {
      report.skip(i + 1, `expected 6 fields, got ${fields.length}`, raw);
      return;
    }
    const [date, symbol, shortVolume, shortExemptVolume, totalVolume, markets] = fields.map((f) => f.trim());
    const parsed = rowSchema.safeParse({ date, symbol, shortVolume, shortExemptVolume, totalVolume, markets });
    if (!parsed.success) {
      report.skip(i + 1, describeIssues(parsed.error.issues), raw);
      return;
    }
    report.add(parsed.data);
  });

  const result: ShortVolumeReport = report.build();
  if (trailerCount !== undefined) {
    result.trailerCount = trailerCount;
    result.trailerMatches = trailerCount === result.rows.length;
  }
  return result;
}

/**
 * Writes rows in the exact CDN format (header, CRLF, trailer) so generated demo files go through
 * the same parser as real ones.
 */
export function formatFinraShortVolume(rows: readonly ShortVolumeRow[]): string {
  const body = rows.map((r) =>
    [r.date.replaceAll('-', ''), r.symbol, r.shortVolume, r.shortExemptVolume, r.totalVolume, r.markets.join(',')].join(
      '|',
    ),
  );
  return `${[FINRA_SHORT_VOLUME_HEADER, ...body, String(rows.length)].join('\r\n')}\r\n`;
}
