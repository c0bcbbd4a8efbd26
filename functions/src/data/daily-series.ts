/**
 * Names of the daily-row series (DailyRowsRepository) that ingest jobs write and handlers read:
 * kept here so a handler need not import a job module, which would pull the provider stack into
 * its Lambda.
 */
export const DAILY_SERIES = {
  /** FINRA daily short-sale volume per ticker (dark pools job). */
  shortVolume: 'shortvol',
  /** FINRA short interest per settlement date (short-interest job). */
  shortInterest: 'shortint',
} as const;
