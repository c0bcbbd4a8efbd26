import { ProviderNotFoundError } from '../providers/http.ts';
import type { JobContext, JobCounts } from './job-runner.ts';

/**
 * Fetches one provider file per date and collects the parsed rows; a date with no file (a holiday,
 * or not yet published) is skipped, any other provider error fails the run before anything is
 * written. Returns the rows of every date that had data.
 */
export async function fetchDays<T>(
  ctx: JobContext,
  dates: readonly string[],
  fetch: (date: string) => Promise<{ rows: T[]; skipped: number }>,
): Promise<{ byDate: Map<string, T[]>; counts: JobCounts }> {
  const byDate = new Map<string, T[]>();
  const counts: JobCounts = { rowsRead: 0, rowsWritten: 0, rowsSkipped: 0 };
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i]!;
    ctx.progress(i, dates.length, date);
    try {
      const report = await fetch(date);
      counts.rowsRead += report.rows.length + report.skipped;
      counts.rowsSkipped += report.skipped;
      if (report.skipped > 0) ctx.log.warn('malformed rows skipped', { date, skipped: report.skipped });
      byDate.set(date, report.rows);
    } catch (err) {
      if (!(err instanceof ProviderNotFoundError)) throw err;
      ctx.log.info('no file for date', { date });
    }
  }
  ctx.progress(dates.length, dates.length, 'done');
  return { byDate, counts };
}

/** Regroups rows by ticker for the per-ticker chunk writer. */
export function byTicker<T, R>(
  byDate: ReadonlyMap<string, T[]>,
  /** Null leaves the row out (a symbol outside the universe). */
  ticker: (row: T) => string | null,
  toRow: (row: T, date: string) => R,
): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const [date, rows] of byDate) {
    for (const row of rows) {
      const t = ticker(row);
      if (t === null) continue;
      const list = out.get(t) ?? [];
      list.push(toRow(row, date));
      out.set(t, list);
    }
  }
  return out;
}
