import type { FlowTrade } from '../schemas/flow.ts';

/**
 * What a flow row says about its print (issue 39 item 2), from the fields the trade carries.
 *
 * Opening: the contract's volume for the day, as of the print, exceeds the open interest it started
 * the day with, so at least some of today's contracts must be new positions (closing trades alone
 * cannot exceed the open interest). Below that the print may open or close: the feed cannot tell.
 *
 * The next day's open interest change (past days) confirms an opening when the interest rose, and
 * contradicts it when it did not (the day's closings outweighed its openings).
 *
 * Earnings: no earnings calendar is sourced (live or demo), so no row carries an earnings flag;
 * EARNINGS_SOURCED says so where the screens explain the columns.
 */
export const EARNINGS_SOURCED = false;

/** Day volume over the open interest before the day; null when the open interest is 0 (a new contract). */
export function volumeOiRatio(t: Pick<FlowTrade, 'volume' | 'open_interest'>): number | null {
  return t.open_interest > 0 ? t.volume / t.open_interest : null;
}

/** True when the day's volume at the print exceeds the open interest before the day. */
export function isOpening(t: Pick<FlowTrade, 'volume' | 'open_interest'>): boolean {
  return t.volume > t.open_interest;
}

export type NextDayVerdict = 'confirmed' | 'contradicted';

/** The next day's open interest against the opening flag; null when either is missing. */
export function nextDayVerdict(
  t: Pick<FlowTrade, 'volume' | 'open_interest' | 'next_oi_change'>,
): NextDayVerdict | null {
  if (t.next_oi_change === undefined || !isOpening(t)) return null;
  return t.next_oi_change > 0 ? 'confirmed' : 'contradicted';
}

/**
 * The next day's open interest change of each print of a day, from the next trading day's prints:
 * each carries its contract's open interest before that day, which is the interest after this one.
 * A contract that did not print the next day gets none. Returns the trades with the change set
 * (new objects for the changed ones; the list's order kept).
 */
export function withNextDayOi(day: readonly FlowTrade[], nextDay: readonly FlowTrade[]): FlowTrade[] {
  const nextOi = new Map<string, number>();
  for (const t of nextDay) nextOi.set(contractKey(t), t.open_interest);
  return day.map((t) => {
    const next = nextOi.get(contractKey(t));
    return next === undefined ? t : { ...t, next_oi_change: next - t.open_interest };
  });
}

const contractKey = (t: FlowTrade): string => `${t.ticker}|${t.date_expiration}|${t.put_call}|${t.strike_price}`;

/** The page help's account of the row context and spread rows (the Options Flow page shows it). */
export const FLOW_CONTEXT_HELP = [
  'Vol/OI is the contract’s volume for the day at the print over its open interest before the day. “open” marks a print once the volume has passed the open interest: closing trades alone cannot do that, so new positions were opened. Below it a print may open or close; the feed cannot tell.',
  'On past days, ✓ or ✗ says whether the next day’s open interest (carried by the contract’s prints the next day) rose, confirming the opening, or did not. Nothing is shown when the contract did not trade the next day.',
  'IV · Δ: implied volatility and delta at the print, implied from the quote’s midpoint and the underlying price (Black-Scholes-Merton, 5.3% rate, the name’s dividend yield).',
  EARNINGS_SOURCED
    ? 'An earnings flag marks contracts that expire after the next earnings date.'
    : 'Earnings: no earnings calendar is sourced, so no row carries an earnings flag.',
  'Spreads: the legs of a multi-leg order (OPRA multi-leg conditions; legs sharing an order, or their time and exchange) show as one row named by its structure — vertical, calendar, straddle, strangle, risk reversal, or multi-leg for others — with its direction and net premium (paid minus received; a credit when negative). Open the name to see the legs. Key stats count an order once. The Spread filter (Equal Yes or No) keeps only spreads or leaves them out.',
].join('\n');
