/**
 * The Volatility page's answer: today's 30-day ATM IV in its past year (rank, percentile), realised
 * volatility, and per expiration the term structure, 25-delta skew and expected move of the chain.
 */
import type { OptionChain } from '@tapewatch/shared/schemas/option-chain';
import type { VolatilityData, VolatilitySummary } from '@tapewatch/shared/schemas/volatility';
import { IV_WINDOW_SESSIONS, ivStanding, realisedVol } from './iv-rank.ts';
import { EXPECTED_MOVE_RULE, expiryVolatility, termStructure } from './term-structure.ts';

export const VOLATILITY_DEFINITIONS: VolatilityData['definitions'] = {
  atm_iv: '30-day at-the-money implied volatility.',
  iv_rank: `IV rank = (IV today − lowest IV) / (highest IV − lowest IV) over the last ${IV_WINDOW_SESSIONS} sessions, today included.`,
  iv_percentile: `IV percentile = the share of the last ${IV_WINDOW_SESSIONS} sessions whose IV was below today's.`,
  realised_vol: 'Realised volatility = standard deviation of daily close-to-close log returns, annualised by √252.',
};

export interface VolatilityInput {
  /** The whole chain answer (expiration=all). */
  chain: OptionChain;
  /** Daily ATM IV, oldest first, ending on the chain's date. */
  ivHistory: { date: readonly string[]; atmIv: readonly number[] };
  /** Daily closes of the underlying, oldest first. */
  closes: { date: readonly string[]; close: readonly number[] };
}

const r6 = (x: number | null): number | null => (x === null ? null : Math.round(x * 1e6) / 1e6);

export function volatilityData({ chain, ivHistory, closes }: VolatilityInput): VolatilityData | null {
  const standing = ivStanding(ivHistory.atmIv);
  if (!standing) return null;
  const closeIndex = new Map(closes.date.map((d, i) => [d, i]));
  const today = closes.date.findLastIndex((d) => d <= chain.as_of.slice(0, 10));
  return {
    ticker: chain.ticker,
    as_of: chain.as_of,
    underlying_price: chain.underlying_price,
    atm_iv: r6(ivHistory.atmIv.at(-1)!)!,
    iv_rank: r6(standing.rank),
    iv_percentile: r6(standing.percentile),
    iv_low: r6(standing.low)!,
    iv_high: r6(standing.high)!,
    iv_window_days: standing.days,
    iv_days_until_full: Math.max(0, IV_WINDOW_SESSIONS - standing.days),
    realised_vol_20: r6(realisedVol(closes.close, today, 20)),
    realised_vol_60: r6(realisedVol(closes.close, today, 60)),
    history: {
      dates: [...ivHistory.date],
      atm_iv: ivHistory.atmIv.map((v) => r6(v)!),
      realised_vol_20: ivHistory.date.map((d) => r6(realisedVol(closes.close, closeIndex.get(d) ?? -1, 20))),
    },
    expirations: termStructure(chain),
    expected_move_rule: EXPECTED_MOVE_RULE,
    definitions: VOLATILITY_DEFINITIONS,
  };
}

export interface SummaryInput {
  /** The chain answer of the nearest expiration (expiration = expirations[0]). */
  next: OptionChain;
  /** Daily ATM IV as for volatilityData; null where no IV history exists (live mode for now). */
  ivHistory: VolatilityInput['ivHistory'] | null;
}

/** The quote panel's line: the figures volatilityData gives for the same IV history and nearest expiration. */
export function volatilitySummary({ next, ivHistory }: SummaryInput): VolatilitySummary {
  const standing = ivHistory ? ivStanding(ivHistory.atmIv) : null;
  const expiry = next.expirations.find((e) => e.expiration === next.expiration);
  return {
    ticker: next.ticker,
    optionable: true,
    as_of: next.as_of,
    atm_iv: standing ? r6(ivHistory!.atmIv.at(-1)!) : null,
    iv_rank: r6(standing?.rank ?? null),
    iv_percentile: r6(standing?.percentile ?? null),
    iv_window_days: standing?.days ?? null,
    next_expiration: expiry ? expiryVolatility(next.rows, next.underlying_price, expiry.expiration, expiry.dte) : null,
    expected_move_rule: EXPECTED_MOVE_RULE,
  };
}

/** An index (or any ticker without listed options here): nothing to show. */
export const notOptionable = (ticker: string): VolatilitySummary => ({
  ticker,
  optionable: false,
  as_of: null,
  atm_iv: null,
  iv_rank: null,
  iv_percentile: null,
  iv_window_days: null,
  next_expiration: null,
  expected_move_rule: EXPECTED_MOVE_RULE,
});
