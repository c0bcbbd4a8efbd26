import { z } from 'zod';
import { createReportBuilder, describeIssues, splitLines } from '../parse-report.ts';
import type { ParseReport } from '../parse-report.ts';
import { compactDate, decimalText, isoDate, tickerSymbol, unsignedDecimalText } from '../wire-values.ts';

/**
 * FINRA equity short-interest files (cdn.finra.org/equity/otcmarket/biweekly/shrtYYYYMMDD.csv):
 * pipe-delimited despite the .csv name, one header line naming the columns below. Columns are
 * looked up by header name so a reordering by FINRA does not silently shift values.
 */
export const FINRA_SHORT_INTEREST_COLUMNS = [
  'accountingYearMonthNumber',
  'symbolCode',
  'issueName',
  'issuerServicesGroupExchangeCode',
  'marketClassCode',
  'currentShortPositionQuantity',
  'previousShortPositionQuantity',
  'stockSplitFlag',
  'averageDailyVolumeQuantity',
  'daysToCoverQuantity',
  'revisionFlag',
  'changePercent',
  'changePreviousNumber',
  'settlementDate',
] as const;
type Column = (typeof FINRA_SHORT_INTEREST_COLUMNS)[number];

/** FINRA writes this cap when average daily volume is zero; it is not a real ratio. */
export const DAYS_TO_COVER_CAP = 999.99;

export interface ShortInterestRow {
  /** Settlement date, YYYY-MM-DD. */
  settlementDate: string;
  symbol: string;
  issueName: string;
  /** FINRA issuer-services exchange code, e.g. 'A' (NYSE), 'S' (OTC). */
  exchangeCode: string;
  /** Market class, e.g. 'NYSE', 'ARCA', 'NNM', 'OTC'. */
  market: string;
  currentShortInterest: number;
  previousShortInterest: number | null;
  /** current - previous, as published. */
  change: number | null;
  changePercent: number | null;
  averageDailyVolume: number | null;
  /** null when FINRA published the 999.99 cap because average daily volume was zero. */
  daysToCover: number | null;
  stockSplitFlag: string | null;
  revisionFlag: string | null;
}

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal('').transform(() => null), schema]);
const flag = z.string().transform((s) => (s === '' ? null : s));

const rowSchema = z
  .object({
    settlementDate: z.union([isoDate, compactDate]),
    symbol: tickerSymbol,
    issueName: z.string(),
    exchangeCode: z.string(),
    market: z.string(),
    currentShortInterest: unsignedDecimalText,
    previousShortInterest: optional(unsignedDecimalText),
    change: optional(decimalText),
    changePercent: optional(decimalText),
    averageDailyVolume: optional(unsignedDecimalText),
    daysToCover: optional(unsignedDecimalText),
    stockSplitFlag: flag,
    revisionFlag: flag,
  })
  .transform((r) => ({
    ...r,
    daysToCover: r.daysToCover === DAYS_TO_COVER_CAP && r.averageDailyVolume === 0 ? null : r.daysToCover,
  }));

const isHeader = (fields: readonly string[]): boolean => fields.includes('symbolCode');

export function parseFinraShortInterest(text: string): ParseReport<ShortInterestRow> {
  const report = createReportBuilder<ShortInterestRow>();
  let index = new Map<string, number>(FINRA_SHORT_INTEREST_COLUMNS.map((c, i) => [c, i]));
  let sawHeader = false;

  splitLines(text).forEach((raw, i) => {
    if (raw.trim() === '') return;
    const fields = raw.split('|').map((f) => f.trim());
    if (!sawHeader && isHeader(fields)) {
      index = new Map(fields.map((c, j) => [c, j]));
      sawHeader = true;
      return;
    }
    if (fields.length !== index.size) {
      report.skip(i + 1, `expected ${index.size} fields, got ${fields.length}`, raw);
      return;
    }
    const get = (c: Column): string | undefined => {
      const j = index.get(c);
      return j === undefined ? undefined : fields[j];
    };
    const parsed = rowSchema.safeParse({
      settlementDate: get('settlementDate') || get('accountingYearMonthNumber'),
      symbol: get('symbolCode'),
      issueName: get('issueName'),
      exchangeCode: get('issuerServicesGroupExchangeCode'),
      market: get('marketClassCode'),
      currentShortInterest: get('currentShortPositionQuantity'),
      previousShortInterest: get('previousShortPositionQuantity'),
      change: get('changePreviousNumber'),
      changePercent: get('changePercent'),
      averageDailyVolume: get('averageDailyVolumeQuantity'),
      daysToCover: get('daysToCoverQuantity'),
      stockSplitFlag: get('stockSplitFlag') ?? '',
      revisionFlag: get('revisionFlag') ?? '',
    });
    if (!parsed.success) {
      report.skip(i + 1, describeIssues(parsed.error.issues), raw);
      return;
    }
    report.add(parsed.data);
  });
  return report.build();
}

const cell = (v: number | string | null): string => (v === null ? '' : String(v));

/** Writes rows in FINRA's published column order (LF line endings, as the CDN serves this file). */
export function formatFinraShortInterest(rows: readonly ShortInterestRow[]): string {
  const lines = rows.map((r) => {
    const days = r.daysToCover ?? (r.averageDailyVolume === 0 ? DAYS_TO_COVER_CAP : null);
    const byColumn: Record<Column, string> = {
      accountingYearMonthNumber: r.settlementDate.replaceAll('-', ''),
      symbolCode: r.symbol,
      issueName: r.issueName,
      issuerServicesGroupExchangeCode: r.exchangeCode,
      marketClassCode: r.market,
      currentShortPositionQuantity: cell(r.currentShortInterest),
      previousShortPositionQuantity: cell(r.previousShortInterest),
      stockSplitFlag: cell(r.stockSplitFlag),
      averageDailyVolumeQuantity: cell(r.averageDailyVolume),
      daysToCoverQuantity: days === null ? '' : days.toFixed(2),
      revisionFlag: cell(r.revisionFlag),
      changePercent: r.changePercent === null ? '' : r.changePercent.toFixed(2),
      changePreviousNumber: cell(r.change),
      settlementDate: r.settlementDate,
    };
    return FINRA_SHORT_INTEREST_COLUMNS.map((c) => byColumn[c]).join('|');
  });
  return `${[FINRA_SHORT_INTEREST_COLUMNS.join('|'), ...lines].join('\n')}\n`;
}
