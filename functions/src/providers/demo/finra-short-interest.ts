/**
 * Demo FINRA equity short-interest files (shrtYYYYMMDD.csv, pipe-delimited), written with the real
 * formatter so they go through parseFinraShortInterest.
 *
 * Calibration targets (issue 37 item 4: the generator was ~2-6x too high for the largest names):
 *  - Goldman Sachs' tracking of the median S&P 500 stock's short interest as a share of market
 *    capitalisation, as reported (Financial Times, R. Henderson, quoted at
 *    scribnersplace.com/markets/2806/sp-500-short-interest; GS Global Investment Research charts at
 *    isabelnet.com): 1.8-2.0% in 2021-2024, 2.4% on average over 15 years. Short interest is far
 *    lower for the largest names (early 2024, FINRA/Nasdaq figures as remembered, not re-fetched:
 *    AAPL ~0.7% of float, MSFT ~0.6%, NVDA ~1.1%, KLAC ~2%; days to cover ~1-3) and only a handful of
 *    S&P 500 names are above 10%.
 *  - The real FINRA file ../shared/data/samples/finra/shrt20210715_excerpt.txt (settlement 2021-07-15),
 *    listed operating companies: days to cover A 1.56, AA 1.67, AAL 3.17, AAN 2.13, AAT 3.32, AAP 5.82,
 *    AAOI 8.99, AAON 14.68 (median ~3); half-month change |%| 0.91, 1.38, 1.68, 2.13, 2.88, 4.65, 6.81,
 *    10.06, 16.81, 19.5, 29.92, 31.94 (median ~5.7%, a third above 15%: changes come in jumps); AAPL
 *    96.4M shares short, about 0.6% of its ~16.7B shares.
 *
 * Model, for a ticker with float F (shares at the date x a free-float fraction 0.80-0.98) and typical
 * daily volume V (the caller's long-run average, so one busy week does not move the level):
 *  - Fraction of float = p x (cap / $30B)^-0.2 x (turnover / 0.8%)^0.3: p is the ticker's lognormal
 *    draw around 2% (log-sd 0.45), cap its float's market value (about the S&P 500 median at $30B),
 *    so the largest names are shorted least (AAPL's $2.6T: x0.41) and small ones a little more, and a
 *    high-turnover name (TSLA, NVDA) is shorted a little more but covers in fewer days. Days to cover
 *    follow: fraction / turnover, about 2.5 at the median.
 *  - Heavily shorted names (p ~ 12% of float) are small: 2% of names at a $10B float value, fewer in
 *    proportion above it (the S&P 500's >10% names are its small caps), none of the mega caps.
 *  - Without a price the size terms are neutral (cap = the reference).
 *  - Over time: log SI = log level + x_n, x an AR(1) on the settlement index n with phi 0.97 (a
 *    persistent random walk: half-life ~11 months) and stationary sd 0.45, whose innovations are a
 *    mixture (90% small, 10% three times larger: the jumps of the sample). Half-month changes then
 *    have a median near 6% and about a tenth beyond 20%.
 *  - No clamp: the fraction of float is squashed smoothly below 50% (x / (1 + x/0.5) is strictly
 *    increasing), so no two settlements repeat a figure.
 *  - x_n is evaluated in moving-average form keyed by (seed, symbol, n), so a settlement computed alone
 *    equals the one computed in a run, and "previous" is exactly x_{n-1}.
 *  - Without sharesOutstanding the float is inferred from volume (daily turnover 0.4-1.2% of float).
 */
import { formatFinraShortInterest } from '../finra/short-interest.ts';
import type { ShortInterestRow } from '../finra/short-interest.ts';
import { assertDate } from '../../domain/calendar/dates.ts';
import {
  previousSettlementDate,
  settlementIndex,
  shortInterestSettlementDates,
} from '../../domain/calendar/short-interest-settlement.ts';
import { hashNormal, hashUnit, normal, stationaryAr1 } from './prng.ts';

export interface ShortInterestUniverseEntry {
  symbol: string;
  issueName: string;
  /** FINRA market class: 'NYSE', 'NNM' (Nasdaq Global), 'NSC' (Nasdaq Capital), 'AMEX', 'ARCA', 'BATS', 'OTC'. */
  market: string;
  /** Real average daily consolidated volume over the settlement period (shares). */
  avgDailyVolume: number;
  /** Real long-run average daily volume (shares), the same for every settlement; defaults to avgDailyVolume. */
  typicalDailyVolume?: number;
  sharesOutstanding?: number;
  /** A price the same for every settlement (the close at the demo date): the float's market value. */
  typicalPrice?: number;
  /** FINRA issuer-services exchange code; derived from `market` when omitted. */
  exchangeCode?: string;
}

export const SHORT_INTEREST_PARAMS = {
  floatMedian: 0.02,
  levelLogSd: 0.45,
  /** Size and turnover elasticities of the fraction of float, and their reference points. */
  sizeElasticity: -0.2,
  /** Dollars of float value. */
  sizeReference: 30e9,
  heavyCapReference: 10e9,
  turnoverElasticity: 0.3,
  turnoverReference: 0.008,
  heavyShare: 0.02,
  heavyFloatMedian: 0.12,
  phi: 0.97,
  logSd: 0.45,
  /** Innovation mixture: share of jumps and their size relative to ordinary steps. */
  jumpShare: 0.1,
  jumpScale: 3,
  /** Smooth ceiling of the fraction of float. */
  softMax: 0.5,
  floatFraction: [0.8, 0.98] as const,
  /** Daily turnover of float, used only when sharesOutstanding is missing. */
  turnover: [0.004, 0.012] as const,
} as const;

const P = SHORT_INTEREST_PARAMS;

// Codes as seen in FINRA files (see ../fixtures/finra/shrt20210715_excerpt.txt: A/NYSE, B/AMEX,
// E/ARCA, R/NNM, S/OTC); 'H' is FINRA's code for BATS-listed issues (Regulatory Notice 11-55).
const EXCHANGE_CODES: Record<string, string> = {
  NYSE: 'A',
  AMEX: 'B',
  ARCA: 'E',
  NNM: 'R',
  NSC: 'R',
  NASDAQ: 'R',
  BATS: 'H',
  OTC: 'S',
};

/** Unit-variance mixture of a small and a large normal step: mostly drift, sometimes a jump. */
const SMALL = 1 / Math.sqrt(1 - P.jumpShare + P.jumpShare * P.jumpScale ** 2);
function jumpyInnovation(rng: () => number): number {
  const jump = rng() < P.jumpShare;
  return normal(rng) * SMALL * (jump ? P.jumpScale : 1);
}

/** The persistent multiplicative path of a ticker's short interest at a settlement. */
function pathFactor(symbol: string, settlementDate: string, seed: number): number {
  return Math.exp(
    stationaryAr1(`${seed}|si-ar|${symbol}`, settlementIndex(settlementDate), P.phi, P.logSd, jumpyInnovation),
  );
}

/** The ticker's own fraction of float before its size and turnover terms; cap in dollars. */
function floatTarget(symbol: string, cap: number, seed: number): number {
  const z = hashNormal(seed, 'si-level', symbol);
  const heavy = hashUnit(seed, 'si-heavy', symbol) < P.heavyShare * Math.min(1, P.heavyCapReference / cap);
  return (heavy ? P.heavyFloatMedian : P.floatMedian) * Math.exp(P.levelLogSd * z);
}

/** Short interest (shares) of a ticker at a settlement date. */
export function shortInterestShares(e: ShortInterestUniverseEntry, settlementDate: string, seed: number): number {
  const float = Math.max(floatShares(e, seed), 1);
  const volume = Math.max(0, e.typicalDailyVolume ?? e.avgDailyVolume);
  const cap = e.typicalPrice && e.typicalPrice > 0 ? float * e.typicalPrice : P.sizeReference;
  const size = (cap / P.sizeReference) ** P.sizeElasticity;
  // A name with no volume has no turnover term.
  const turnover = volume > 0 ? (volume / float / P.turnoverReference) ** P.turnoverElasticity : 1;
  const raw = floatTarget(e.symbol, cap, seed) * size * turnover * pathFactor(e.symbol, settlementDate, seed);
  return Math.round((float * raw) / (1 + raw / P.softMax));
}

function floatShares(e: ShortInterestUniverseEntry, seed: number): number {
  if (e.sharesOutstanding !== undefined && e.sharesOutstanding > 0) {
    const [lo, hi] = P.floatFraction;
    return e.sharesOutstanding * (lo + (hi - lo) * hashUnit(seed, 'float', e.symbol));
  }
  const [lo, hi] = P.turnover;
  return (
    Math.max(0, e.typicalDailyVolume ?? e.avgDailyVolume) / (lo + (hi - lo) * hashUnit(seed, 'turnover', e.symbol))
  );
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
export type PreviousShortInterest =
  | ReadonlyMap<string, number>
  | readonly Pick<ShortInterestRow, 'symbol' | 'currentShortInterest'>[];

function previousLookup(previous: PreviousShortInterest | undefined): (symbol: string) => number | undefined {
  if (!previous) return () => undefined;
  if (previous instanceof Map) return (s) => previous.get(s);
  const m = new Map(
    (previous as readonly Pick<ShortInterestRow, 'symbol' | 'currentShortInterest'>[]).map((r) => [
      r.symbol,
      r.currentShortInterest,
    ]),
  );
  return (s) => m.get(s);
}

export function shortInterestRow(
  settlementDate: string,
  e: ShortInterestUniverseEntry,
  seed: number,
  previousCurrent?: number,
): ShortInterestRow {
  const current = shortInterestShares(e, settlementDate, seed);
  const previous = previousCurrent ?? shortInterestShares(e, previousSettlementDate(settlementDate), seed);
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
