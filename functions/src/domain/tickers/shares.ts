import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';

/**
 * The directory's share count when it applies on `date`, else null: before
 * `shares_outstanding_from` the company was a different one (a merger changed its share count), so
 * a cap from today's count would be wrong by that factor.
 */
export function sharesOn(
  e: Pick<DirectoryEntry, 'shares_outstanding' | 'shares_outstanding_from'>,
  date: string,
): number | null {
  if (e.shares_outstanding === null) return null;
  return e.shares_outstanding_from !== undefined && date < e.shares_outstanding_from ? null : e.shares_outstanding;
}
