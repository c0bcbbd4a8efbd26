/**
 * Multi-leg (spread) orders in the options flow. The tape reports each leg of a complex order as its
 * own trade, marked with an OPRA trade condition; Polygon passes these on as numeric ids in a trade's
 * `conditions` (its options trades and snapshots, e.g. `last_trade.conditions: [209]` in the
 * v3_snapshot_options_AAPL fixture; the ids are those of its GET /v3/reference/conditions for the
 * options asset class, with OPRA's codes):
 *   232 MLET Multi Leg auto-electronic trade     233 MLAT Multi Leg Auction
 *   234 MLCT Multi Leg Cross                      235 MLFT Multi Leg floor trade
 *   236 MESL Multi Leg auto-electronic trade against single leg(s)
 *   238 MASL Multi Leg Auction against single leg(s)
 *   239 MFSL Multi Leg floor trade against single leg(s)
 * (237 and 240-245 are the stock-option combinations, orders with a stock leg: not among these.)
 * Neither OPRA nor Benzinga's option_activity (signals-v1 OpenAPI: no condition or order field)
 * carries an id linking the legs of one order; the demo's records add `order_id`, which its legs
 * share along with their time and exchange. Live legs can only be matched by those three.
 */
export const MULTI_LEG_CONDITIONS: Readonly<Record<number, string>> = {
  232: 'MLET',
  233: 'MLAT',
  234: 'MLCT',
  235: 'MLFT',
  236: 'MESL',
  238: 'MASL',
  239: 'MFSL',
};

/** True when a print carries a multi-leg condition (it is one leg of a spread order). */
export const isMultiLegPrint = (t: { conditions?: readonly number[] | null }): boolean =>
  t.conditions?.some((c) => c in MULTI_LEG_CONDITIONS) ?? false;

export const SPREAD_STRUCTURES = ['vertical', 'calendar', 'straddle', 'strangle', 'risk reversal'] as const;
export type SpreadStructure = (typeof SPREAD_STRUCTURES)[number];

export interface SpreadLeg {
  put_call: 'Call' | 'Put';
  strike_price: number;
  date_expiration: string;
  /** Bought (at or towards the ask) or sold (at or towards the bid). */
  side: 'buy' | 'sell';
}

/** A leg's side from the vendor's aggressor indicator (0 = all at the bid, 1 = all at the ask); null at the mid. */
export function legSide(aggressorInd: number | null): 'buy' | 'sell' | null {
  if (aggressorInd === null || !Number.isFinite(aggressorInd) || aggressorInd === 0.5) return null;
  return aggressorInd > 0.5 ? 'buy' : 'sell';
}

/**
 * The structure two legs form, or null for any other combination:
 *  - vertical: one type and expiry, two strikes, one bought and one sold;
 *  - calendar: one type and strike, two expiries, one bought and one sold;
 *  - straddle: a call and a put of one strike and expiry, both bought or both sold;
 *  - strangle: a put below a call, one expiry, both bought or both sold;
 *  - risk reversal: a put below a call, one expiry, one bought and one sold.
 */
export function spreadStructure(legs: readonly SpreadLeg[]): SpreadStructure | null {
  if (legs.length !== 2) return null;
  const [a, b] = legs as [SpreadLeg, SpreadLeg];
  const sameType = a.put_call === b.put_call;
  const sameExpiry = a.date_expiration === b.date_expiration;
  const sameStrike = a.strike_price === b.strike_price;
  const sameSide = a.side === b.side;
  if (sameType) {
    if (sameExpiry && !sameStrike && !sameSide) return 'vertical';
    if (!sameExpiry && sameStrike && !sameSide) return 'calendar';
    return null;
  }
  if (!sameExpiry) return null;
  if (sameStrike) return sameSide ? 'straddle' : null;
  const [put, call] = a.put_call === 'Put' ? [a, b] : [b, a];
  if (put.strike_price > call.strike_price) return null;
  return sameSide ? 'strangle' : 'risk reversal';
}
