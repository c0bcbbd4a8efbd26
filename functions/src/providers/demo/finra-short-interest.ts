/**
 * Demo FINRA equity short-interest files (shrtYYYYMMDD.csv, pipe-delimited), written with the real
 * formatter so they go through parseFinraShortInterest.
 *
 * Model: short interest (shares) = SI% of float x float.
 *  - SI% of float has a persistent per-ticker level, lognormal with median 3% and log-sd 0.75
 *    (heavy right tail: ~10% of names above 8%, a few near the 25% cap), clamped to [1%, 25%].
 *  - It drifts slowly: log SI% = log level + x_n, x an AR(1) on the settlement index n (twice a
 *    month) with phi 0.9 and stationary sd 0.25, so a typical half-month change is ~11% and changes
 *    beyond 30% are rare, like real large-cap SI.
 *  - x_n is evaluated in moving-average form keyed by (seed, symbol, n), so a settlement computed
 *    alone equals the one computed in a run, and "previous" is exactly x_{n-1} -> the previous
 *    file's current figure whenever the float is the same.
 *  - Float = sharesOutstanding x a per-ticker free-float fraction (0.80-0.98). Without
 *    sharesOutstanding it is inferred from volume (daily turnover 0.4-1.2% of float), which makes
 *    SI move with the caller's average volume; pass sharesOutstanding, or `previous`, when exact
 *    continuity across files matters.
 */
import { formatFinraShortInterest } from '../finra/short-interest.ts';
import type { ShortInterestRow } from '../finra/short-interest.ts';
import { assertDate } from '../../domain/calendar/dates.ts';
import { previousSettlementDate, settlementIndex, shortInterestSettlementDates } from '../../domain/calendar/short-interest-settlement.ts';
import { clamp, hashNormal, hashUnit, stationaryAr1 } from './prng.ts';

export interface ShortInterestUniverseEntry {
  symbol: string;
  issueName: string;
  /** FINRA market class: 'NYSE', 'NNM' (Nasdaq Global), 'NSC' (Nasdaq Capital), 'AMEX', 'ARCA', 'BATS', 'OTC'. */
  market: string;
  /** Real average daily consolidated volume over the settlement period (shares). */
  avgDailyVolume: number;
  sharesOutstanding?: number;
  /** FINRA issuer-services exchange code; derived from `market` when omitted. */
  exchangeCode?: string;
}

export const SHORT_INTEREST_PARAMS = {
  levelMedian: 0.03,
  levelLogSd: 0.75,
  bounds: [0.01, 0.25] as const,
  phi: 0.9,
  logSd: 0.25,
  floatFraction: [0.8, 0.98] as const,
  /** Daily turnover of float, used only when sharesOutstanding is missing. */
  turnover: [0.004, 0.012] as const,
} as const;

const P = SHORT_INTEREST_PARAMS;

// Codes as seen in FINRA files (see ../fixtures/finra/shrt20210715_excerpt.txt: A/NYSE, B/AMEX,
// E/ARCA, R/NNM, S/OTC); 'H' is FINRA's code for BATS-listed issues (Regulatory Notice 11-55).
const EXCHANGE_CODES: Record<string, string> = { NYSE: 'A', AMEX: 'B', ARCA: 'E', NNM: 'R', NSC: 'R', NASDAQ: 'R', BATS: 'H', OTC: 'S' };

/** Short interest as a fraction of float for a ticker at a settlement date. */
export function shortInterestFraction(symbol: string, settlementDate: string, seed: number): number {
  const level = P.levelMedian * Math.exp(P.levelLogSd * hashNormal(seed, 'si-level', symbol));
  const x = stationaryAr1(`${seed}|si-ar|${symbol}`, settlementIndex(settlementDate), P.phi, P.logSd);
  return clamp(level * Math.exp(x), P.bounds[0], P.bounds[1]);
}

function floatShares(e: ShortInterestUniverseEntry, seed: number): number {
  if (e.sharesOutstanding !== undefined && e.sharesOutstanding > 0) {
    const [lo, hi] = P.floatFraction;
    return e.sharesOutstanding * (lo + (hi - lo) * hashUnit(seed, 'float', e.symbol));
  }
  const [lo, hi] = P.turnover;
  return Math.max(0, e.avgDailyVolume) / (lo + (hi - lo) * hashUnit(seed, 'turnover', e.symbol));
}

function assertSettlementDate(date: string): void {
  assertDate(date, 'settlementDate');
  const month = date.slice(0, 7);
  if (!shortInterestSettlementDates(`${month}-01`, lastOfMonth(month)).includes(date)) {
    throw new RangeError(`settlementDate ${date} is not a FINRA short-interest settlement date`);
  }
}

const lastOfMonth = (month: string): string => {
  const d = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 0));
  return d.toISOString().slice(0, 10);
};

/** Short interest rows keyed by symbol, from a previous file (parsed rows or the formatter's input). */
export type PreviousShortInterest = ReadonlyMap<string, number> | readonly Pick<ShortInterestRow, 'symbol' | 'currentShortInterest'>[];

function previousLookup(previous: PreviousShortInterest | undefined): (symbol: string) => number | undefined {
  if (!previous) return () => undefined;
  if (previous instanceof Map) return (s) => previous.get(s);
  const m = new Map((previous as readonly Pick<ShortInterestRow, 'symbol' | 'currentShortInterest'>[]).map((r) => [r.symbol, r.currentShortInterest]));
  return (s) => m.get(s);
}

export function shortInterestRow(
  settlementDate: string,
  e: ShortInterestUniverseEntry,
  seed: number,
  previousCurrent?: number,
): ShortInterestRow {
  const float = floatShares(e, seed);
  const current = Math.round(float * shortInterestFraction(e.symbol, settlementDate, seed));
  const previous = previousCurrent ?? Math.round(float * shortInterestFraction(e.symbol, previousSettlementDate(settlementDate), seed));
  const adv = Math.max(0, Math.round(e.avgDailyVolume));
  const change = current - previous;
  return {
    settlementDate,
    symbol: e.symbol,
    // The file is pipe-delimited with one row per line: a '|' or newline in a name would shift columns.
    issueName: e.issueName.replace(/[|\r\n]+/g, ' ').trim(),
    exchangeCode: e.exchangeCode ?? EXCHANGE_CODES[e.market.toUpperCase()] ?? 'S',
    market: e.market,
    currentShortInterest: current,
    previousShortInterest: previous,
    change,
    changePercent: previous > 0 ? Math.round((change / previous) * 10_000) / 100 : null,
    averageDailyVolume: adv,
    // FINRA caps days to cover at 999.99 when volume is zero; the formatter writes the cap for null + adv 0.
    daysToCover: adv > 0 ? Math.min(999.99, Math.round((current / adv) * 100) / 100) : null,
    stockSplitFlag: null,
    revisionFlag: null,
  };
}

/**
 * Text of the FINRA short-interest file for one settlement date, rows in symbol order. `previous`
 * (the prior settlement's rows or a symbol -> shares map) pins previousShortInterest to what the
 * prior file published; without it the previous figure is recomputed from the same model, which
 * matches the prior file whenever the float input is unchanged.
 */
export function generateFinraShortInterestFile(
  settlementDate: string,
  universe: readonly ShortInterestUniverseEntry[],
  seed: number,
  previous?: PreviousShortInterest,
): string {
  assertSettlementDate(settlementDate);
  const prev = previousLookup(previous);
  const bySymbol = new Map<string, ShortInterestUniverseEntry>();
  for (const e of universe) bySymbol.set(e.symbol, e);
  const rows = [...bySymbol.values()]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((e) => shortInterestRow(settlementDate, e, seed, prev(e.symbol)));
  return formatFinraShortInterest(rows);
}
