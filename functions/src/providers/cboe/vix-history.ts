import { z } from 'zod';
import { createReportBuilder, describeIssues, splitLines, type ParseReport } from '../parse-report.ts';

/** One day of the VIX index as CBOE publishes it. */
export interface VixDay {
  /** 'YYYY-MM-DD' (the file prints MM/DD/YYYY). */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The header of cdn.cboe.com's VIX_History.csv, exactly as served. */
export const VIX_HISTORY_HEADER = 'DATE,OPEN,HIGH,LOW,CLOSE';

/** US calendar date MM/DD/YYYY -> ISO, refusing impossible days (02/30/2021). */
const usDate = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/, 'expected MM/DD/YYYY')
  .transform((s) => `${s.slice(6, 10)}-${s.slice(0, 2)}-${s.slice(3, 5)}`)
  .refine((iso) => {
    const t = Date.parse(`${iso}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().startsWith(iso);
  }, 'not a calendar date');

/**
 * CBOE prints every level with six decimals (all 9,235 days of 1990-2026 do). Holding it to that is
 * what catches a download cut inside its last number: "...,17.5" would otherwise pass as a close.
 */
const level = z
  .string()
  .regex(/^\d+\.\d{6}$/, 'expected a number with six decimals')
  .transform(Number)
  .pipe(z.number().positive('must be above zero'));

/**
 * One data line. The close must lie within the day's low..high; the open is not checked against
 * them: CBOE's file has 47 days up to 2006 whose open lies outside low..high (2004-11-08 opens at
 * 2.58 in a 13.68..14.48 day), and refusing them would refuse the whole real file.
 */
const rowSchema = z
  .tuple([usDate, level, level, level, level])
  .transform(([date, open, high, low, close]) => ({ date, open, high, low, close }))
  .refine((d) => d.low <= d.close && d.close <= d.high, 'CLOSE outside LOW..HIGH');

const COLUMNS = ['DATE', 'OPEN', 'HIGH', 'LOW', 'CLOSE'];

/**
 * Parses CBOE's VIX_History.csv (header, then one line per trading day in date order, CRLF or LF).
 * Every malformed line is reported with its line number; a line whose date does not follow the
 * previous one is reported too (a repeated or reordered day). A file with another header yields no
 * rows: a changed layout must not shift columns into the wrong fields. Deciding that a damaged
 * file is refused is the fetcher's job (fetcher.ts), not the parser's.
 */
export function parseCboeVixHistory(text: string): ParseReport<VixDay> {
  const report = createReportBuilder<VixDay>();
  const lines = splitLines(text);
  if (lines[0]?.trim() !== VIX_HISTORY_HEADER) {
    report.skip(1, `unexpected header (expected ${VIX_HISTORY_HEADER})`, lines[0]);
    return report.build();
  }
  let previous = '';
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const cells = line.split(',').map((c) => c.trim());
    if (cells.length !== COLUMNS.length) {
      report.skip(i + 1, `expected ${COLUMNS.length} columns, got ${cells.length}`, line);
      continue;
    }
    const parsed = rowSchema.safeParse(cells);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const column = typeof issue?.path[0] === 'number' ? COLUMNS[issue.path[0]] : undefined;
      report.skip(i + 1, column ? `${column}: ${issue!.message}` : describeIssues(parsed.error.issues), line);
      continue;
    }
    if (parsed.data.date <= previous) {
      report.skip(i + 1, `date ${parsed.data.date} does not follow ${previous}`, line);
      continue;
    }
    previous = parsed.data.date;
    report.add(parsed.data);
  }
  return report.build();
}
