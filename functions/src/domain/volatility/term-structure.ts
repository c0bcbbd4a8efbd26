/**
 * Term structure, skew and expected move per expiration, read off the chain answer's own mids and
 * mid IVs (chain-view.ts), so the Volatility page and the chain page never disagree.
 *
 * Expected move rule (stated on the page): the at-the-money straddle's mid, call mid + put mid at the
 * strike nearest the underlying price, taken as the +-1 sigma move; the range is price +- that move.
 */
import type { OptionChain, OptionChainRow } from '@tapewatch/shared/schemas/option-chain';
import type { ExpiryVolatility } from '@tapewatch/shared/schemas/volatility';

export const EXPECTED_MOVE_RULE =
  'Expected move = the at-the-money straddle (call mid + put mid at the strike nearest the price), read as a ±1σ move; the range is price ± that move.';

/** IV where the side's delta crosses `target` (strikes sorted; delta monotone in strike). */
export function ivAtDelta(rows: readonly OptionChainRow[], side: 'call' | 'put', target: number): number | null {
  const pts = rows
    .map((r) => r[side])
    .filter((s): s is NonNullable<typeof s> => s !== null && s.delta !== null && s.iv !== null)
    .map((s) => ({ d: s.delta!, iv: s.iv! }));
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    if ((a.d - target) * (b.d - target) <= 0 && a.d !== b.d)
      return a.iv + ((target - a.d) / (b.d - a.d)) * (b.iv - a.iv);
  }
  return null;
}

export function atmStrike(rows: readonly OptionChainRow[], spot: number): OptionChainRow | undefined {
  let best: OptionChainRow | undefined;
  for (const r of rows) if (!best || Math.abs(r.strike - spot) < Math.abs(best.strike - spot)) best = r;
  return best;
}

const round = (x: number | null, dp: number): number | null =>
  x === null ? null : Math.round(x * 10 ** dp) / 10 ** dp;

export function expiryVolatility(
  rows: readonly OptionChainRow[],
  spot: number,
  expiration: string,
  dte: number,
): ExpiryVolatility | null {
  const atm = atmStrike(rows, spot);
  if (!atm) return null;
  const ivs = [atm.call?.iv, atm.put?.iv].filter((v): v is number => typeof v === 'number');
  const straddle = atm.call?.mid != null && atm.put?.mid != null ? atm.call.mid + atm.put.mid : null;
  const call25 = ivAtDelta(rows, 'call', 0.25);
  const put25 = ivAtDelta(rows, 'put', -0.25);
  return {
    expiration,
    dte,
    atm_strike: atm.strike,
    atm_iv: ivs.length ? round(ivs.reduce((a, b) => a + b, 0) / ivs.length, 6) : null,
    call_25d_iv: round(call25, 6),
    put_25d_iv: round(put25, 6),
    risk_reversal_25d: call25 !== null && put25 !== null ? round(call25 - put25, 6) : null,
    straddle: round(straddle, 4),
    expected_move: round(straddle, 4),
    range_low: straddle === null ? null : round(spot - straddle, 4),
    range_high: straddle === null ? null : round(spot + straddle, 4),
  };
}

/** Every expiration of a whole-chain answer (`expiration=all`), nearest first. */
export function termStructure(chain: OptionChain): ExpiryVolatility[] {
  const byExpiry = new Map<string, OptionChainRow[]>();
  for (const r of chain.rows) {
    const rows = byExpiry.get(r.expiration);
    if (rows) rows.push(r);
    else byExpiry.set(r.expiration, [r]);
  }
  return chain.expirations.flatMap((e) => {
    const v = expiryVolatility(byExpiry.get(e.expiration) ?? [], chain.underlying_price, e.expiration, e.dte);
    return v ? [v] : [];
  });
}
