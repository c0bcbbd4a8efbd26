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
  /** Live mode's daily 30-day at-the-money IV per ticker (atm-iv job): IV rank's history. */
  atmIv: 'atmiv',
} as const;

/** One day of DAILY_SERIES.atmIv: the 30-day ATM IV (annual decimal) and the price it was read at. */
export interface AtmIvRow {
  date: string;
  atm_iv: number;
  underlying_price: number;
}

/**
 * Daily bars in columnar form. `close` is the split-adjusted price as traded; `adjClose` also
 * adjusts for dividends (total return) and is null where the source only has one kind (the
 * bundled ETF history is already total-return adjusted). `volume` is null for indices (VIX).
 */
export interface DailySeries {
  date: string[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[] | null;
  adjClose?: number[] | null;
}

export const emptySeries = (): DailySeries => ({
  date: [],
  open: [],
  high: [],
  low: [],
  close: [],
  volume: [],
  adjClose: [],
});

/** Closes for return calculations: dividend-adjusted where known. */
export const totalReturnCloses = (s: DailySeries): number[] =>
  s.adjClose && s.adjClose.length === s.close.length ? s.adjClose : s.close;
