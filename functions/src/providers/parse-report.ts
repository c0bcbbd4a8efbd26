/**
 * The one result shape every provider parser returns: good rows plus an account of what was dropped.
 * A malformed record never fails the batch; it is counted here so ingestion jobs can alert on drift
 * (a sudden jump in `skipped` usually means the vendor changed the format).
 */
export interface SkippedLine {
  /** 1-based line number for text files; 1-based record index for JSON payloads. */
  line: number;
  reason: string;
  /** First characters of the offending input, to make a vendor format change diagnosable from logs. */
  sample?: string;
}

export interface ParseReport<T> {
  rows: T[];
  skipped: number;
  skippedLines: SkippedLine[];
}

/** Bounded so that a completely wrong file (e.g. an HTML error page) cannot produce a huge report. */
export const MAX_SKIPPED_LINES = 50;
const SAMPLE_CHARS = 120;

export interface ReportBuilder<T> {
  readonly rows: T[];
  add(row: T): void;
  skip(line: number, reason: string, input?: string): void;
  build(): ParseReport<T>;
}

export function createReportBuilder<T>(): ReportBuilder<T> {
  const rows: T[] = [];
  const skippedLines: SkippedLine[] = [];
  let skipped = 0;
  return {
    rows,
    add(row) {
      rows.push(row);
    },
    skip(line, reason, input) {
      skipped += 1;
      if (skippedLines.length >= MAX_SKIPPED_LINES) return;
      const entry: SkippedLine = { line, reason };
      if (input !== undefined) entry.sample = input.slice(0, SAMPLE_CHARS);
      skippedLines.push(entry);
    },
    build() {
      return { rows, skipped, skippedLines };
    },
  };
}

/** Short, stable reason text from a zod error: "path: message" of the first issue. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  const first = issues[0];
  if (!first) return 'invalid record';
  const path = first.path.map(String).join('.');
  return path ? `${path}: ${first.message}` : first.message;
}

/** Splits text into lines, tolerating CRLF, LF and a leading UTF-8 BOM. */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r?\n/);
}
