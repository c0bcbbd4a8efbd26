import { addDays } from '../domain/sectors/calendar.ts';
import { tradingDayOnOrBefore } from '../domain/calendar/nyse.ts';

/** One piece of a backfill: a job over a range, checkpointed as `key` once its rows are stored. */
export interface BackfillUnit {
  key: string;
  from: string;
  to: string;
}

export interface BackfillStep {
  /** A job of the schedule table. */
  job: string;
  /** What it fetches, for the progress line. */
  what: string;
  units: BackfillUnit[];
  /**
   * Precomputes over what the ingests stored: run after them, never checkpointed (cheap, and
   * their input changes as the ingests fill in); a failure is reported and the rest goes on.
   */
  precompute?: boolean;
}

/**
 * How far back each ingest reaches on a first start, in calendar days: the longest lookback its
 * screens use. Prices: two years, Polygon's free-plan depth, covering Sector Rotation's 52 weeks
 * plus its momentum window, Sector Performance's year and the Clusters/Factor windows. FINRA
 * short volume: a year (the Dark Pools screen). Short interest: a year of settlements (24).
 */
export const LIVE_BACKFILL_DAYS = { prices: 730, darkpools: 366, shortinterest: 366 } as const;

/** Calendar months from `from`'s month to `to`, clipped to [from, to]: stable keys across restarts in a month. */
export function monthlyUnits(from: string, to: string): BackfillUnit[] {
  const units: BackfillUnit[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month <= to; ) {
    const next = addDays(`${month.slice(0, 7)}-28`, 4).slice(0, 7);
    const end = addDays(`${next}-01`, -1);
    const unit = { from: month < from ? from : month, to: end > to ? to : end };
    units.push({ key: `${unit.from}..${unit.to}`, ...unit });
    month = `${next}-01`;
  }
  return units;
}

const single = (date: string): BackfillUnit[] => [{ key: `${date}..${date}`, from: date, to: date }];

/**
 * The first-run backfill of live mode, in order: the universe first (the prices job keeps only
 * its tickers), then each ingest over its history in month units, then the current SPY chain,
 * Shiller's file and CBOE's VIX history, then the precomputes the screens read. Each range starts on the first of a
 * month so that, within a month, a restart finds the same unit keys and resumes.
 */
export function liveBackfillPlan(
  today: string,
  days: Partial<Record<keyof typeof LIVE_BACKFILL_DAYS, number>> = {},
): BackfillStep[] {
  const span = { ...LIVE_BACKFILL_DAYS, ...days };
  const start = (n: number) => `${addDays(today, -n + 1).slice(0, 7)}-01`;
  const lastSession = tradingDayOnOrBefore(today);
  return [
    { job: 'universe', what: 'ticker universe (Nasdaq Trader)', units: single(today) },
    { job: 'prices', what: 'daily bars (Polygon)', units: monthlyUnits(start(span.prices), today) },
    { job: 'darkpools', what: 'short-sale volume (FINRA)', units: monthlyUnits(start(span.darkpools), today) },
    {
      job: 'shortinterest',
      what: 'short interest (FINRA)',
      units: monthlyUnits(start(span.shortinterest), today),
    },
    { job: 'optionwalls', what: 'SPY option chain (CBOE)', units: single(lastSession) },
    { job: 'sp500-ratios', what: 'S&P 500 data (Shiller)', units: single(today) },
    // One file holds every VIX close since 1990: a single unit, checkpointed like the others.
    { job: 'vix', what: 'VIX history (CBOE)', units: single(today) },
    ...['sector-performance', 'sector-rotation', 'clusters-table', 'spy-to-vix', 'signals'].map((job) => ({
      job,
      what: 'precompute',
      units: single(today),
      precompute: true,
    })),
  ];
}
