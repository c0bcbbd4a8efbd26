/**
 * Demo FINRA Reg SHO daily short-sale volume files (CNMSshvolYYYYMMDD.txt), written with the real
 * formatter so the demo goes through parseFinraShortVolume exactly like production.
 *
 * Model (per symbol, per trade date), calibrated on the real 2021-04-27 CNMS file in
 * ../fixtures/finra (3,302 symbols with > 100k FINRA volume: mean short ratio 0.44, short-exempt
 * ~1.0% of short volume, markets B,Q,N 64% / Q,N 35% / Q 1%):
 *  - FINRA TotalVolume is only the off-exchange (TRF/ADF/ORF) part of the consolidated volume:
 *    a per-ticker share around 35-50% with small daily noise, hard-capped at 60%, so it can never
 *    exceed the real consolidated volume the caller passes in.
 *  - Short ratio = ShortVolume / TotalVolume = logistic(logit(mean_i) + x_t), with mean_i a
 *    per-ticker level (0.33-0.62) and x_t a stationary AR(1) on the logit with phi 0.8 and
 *    fat-tailed (Student-t, df 5) innovations: short ratios are sticky day to day with occasional
 *    jumps around news.
 *  - x_t is evaluated in moving-average form on the weekday index (see stationaryAr1), so any
 *    single day is reproducible alone: regenerating 2024-03-08 gives the same bytes whether or not
 *    the previous 250 days were generated first. No running state, no calendar walk.
 *  - ShortExemptVolume ~ 0.3-3% of short volume (lognormal around 0.9%).
 */
import { formatFinraShortVolume } from '../finra/short-volume.ts';
import type { ShortVolumeRow } from '../finra/short-volume.ts';
import { assertDate, weekdayIndex } from '../../domain/calendar/dates.ts';
import { clamp, hashNormal, hashUnit, logistic, logit, pickWeighted, stationaryAr1, unitStudentT } from './prng.ts';

export interface ShortVolumeUniverseEntry {
  /** Symbol as FINRA prints it (e.g. 'BRK.B' is 'BRK/B' in FINRA files; pass FINRA's form). */
  symbol: string;
  /** Real consolidated (all venues) share volume of that day. 0 or missing days produce no row. */
  totalVolume: number;
}

/** Tunables, exported so tests and docs refer to one set of numbers. */
export const SHORT_VOLUME_PARAMS = {
  /** Cross-sectional centre and spread (logit scale) of per-ticker mean short ratios. */
  meanRatioCentre: 0.46,
  meanRatioLogitSd: 0.28,
  meanRatioBounds: [0.33, 0.62] as const,
  /** Day-to-day persistence of the short ratio (AR(1) on the logit). */
  phi: 0.8,
  /** Stationary sd of the logit deviation: ~±0.07 in ratio around 0.45. */
  logitSd: 0.3,
  innovationDf: 5,
  /** Off-exchange share of consolidated volume: per-ticker mean range, daily sd, hard bounds. */
  offExchangeMean: [0.35, 0.5] as const,
  offExchangeDailySd: 0.03,
  offExchangeBounds: [0.28, 0.6] as const,
  /** Short-exempt share of short volume (lognormal median, log-sd, bounds). */
  exemptMedian: 0.009,
  exemptLogSd: 0.5,
  exemptBounds: [0.003, 0.03] as const,
} as const;

const P = SHORT_VOLUME_PARAMS;

/** Long-run mean short ratio of a ticker (stable for a seed). */
export function meanShortRatio(symbol: string, seed: number): number {
  const z = hashNormal(seed, 'shvol-mean', symbol);
  return clamp(logistic(logit(P.meanRatioCentre) + P.meanRatioLogitSd * z), P.meanRatioBounds[0], P.meanRatioBounds[1]);
}

/** Short ratio of a ticker on a date: the persistent latent path around its mean. */
export function shortRatioOn(symbol: string, date: string, seed: number): number {
  const x = stationaryAr1(`${seed}|shvol-ar|${symbol}`, weekdayIndex(date), P.phi, P.logitSd, (rng) =>
    unitStudentT(rng, P.innovationDf),
  );
  return clamp(logistic(logit(meanShortRatio(symbol, seed)) + x), 0.05, 0.95);
}

/** FINRA (off-exchange) share of consolidated volume for a ticker on a date. */
export function offExchangeShareOn(symbol: string, date: string, seed: number): number {
  const [lo, hi] = P.offExchangeMean;
  const mean = lo + (hi - lo) * hashUnit(seed, 'trf-mean', symbol);
  const daily = P.offExchangeDailySd * hashNormal(seed, 'trf-day', symbol, date);
  return clamp(mean + daily, P.offExchangeBounds[0], P.offExchangeBounds[1]);
}

// Facility lists as they appear in CNMS files; thin names are often missing the NYSE TRF (B).
function marketsFor(finraVolume: number, u: number): string[] {
  const table: ReadonlyArray<readonly [string, number]> =
    finraVolume >= 500_000
      ? [
          ['B,Q,N', 0.9],
          ['Q,N', 0.1],
        ]
      : finraVolume >= 20_000
        ? [
            ['B,Q,N', 0.55],
            ['Q,N', 0.42],
            ['Q', 0.03],
          ]
        : [
            ['Q,N', 0.6],
            ['Q', 0.3],
            ['B,Q,N', 0.1],
          ];
  return pickWeighted(table, u).split(',');
}

/** One row of the file, or null when the ticker did not trade (FINRA lists only traded symbols). */
export function shortVolumeRow(date: string, entry: ShortVolumeUniverseEntry, seed: number): ShortVolumeRow | null {
  const consolidated = Math.floor(entry.totalVolume);
  if (!(consolidated > 0)) return null;
  const { symbol } = entry;
  const totalVolume = Math.min(
    consolidated,
    Math.max(1, Math.round(consolidated * offExchangeShareOn(symbol, date, seed))),
  );
  const shortVolume = Math.min(totalVolume, Math.round(totalVolume * shortRatioOn(symbol, date, seed)));
  const exemptShare = clamp(
    P.exemptMedian * Math.exp(P.exemptLogSd * hashNormal(seed, 'exempt', symbol, date)),
    P.exemptBounds[0],
    P.exemptBounds[1],
  );
  const shortExemptVolume = Math.min(shortVolume, Math.round(shortVolume * exemptShare));
  return {
    date,
    symbol,
    shortVolume,
    shortExemptVolume,
    totalVolume,
    markets: marketsFor(totalVolume, hashUnit(seed, 'mkt', symbol, date)),
  };
}

/**
 * Text of the CNMS short-volume file for `date` (YYYY-MM-DD): header, one row per traded symbol in
 * symbol order (as FINRA sorts), CRLF, row-count trailer. Deterministic per (seed, symbol, date):
 * the universe's order and membership never change another symbol's row.
 */
export function generateFinraShortVolumeFile(
  date: string,
  universe: readonly ShortVolumeUniverseEntry[],
  seed: number,
): string {
  assertDate(date);
  const bySymbol = new Map<string, ShortVolumeUniverseEntry>();
  for (const e of universe) bySymbol.set(e.symbol, e);
  const rows = [...bySymbol.values()]
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
    .map((e) => shortVolumeRow(date, e, seed))
    .filter((r): r is ShortVolumeRow => r !== null);
  return formatFinraShortVolume(rows);
}
