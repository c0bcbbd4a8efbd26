import type { Fill, Sentiment } from '@tapewatch/shared/schemas/flow';

/** Half a cent: quotes and prices are in cents, so closer than this is "at" the quote. */
const AT_QUOTE = 0.005;

/**
 * Where the trade printed against the quote. Outside the quote: Above Ask / Below Bid. Inside,
 * by position across the spread: the quarter nearest the ask is Ask, nearest the bid is Bid,
 * the middle half is Mid (a locked or crossed quote counts as Mid unless the price is outside).
 * Without a quote, the vendor's aggressor indicator (0 = bid, 1 = ask) decides; without both, Mid.
 */
export function classifyFill(
  price: number,
  bid: number | null,
  ask: number | null,
  aggressorInd: number | null = null,
): Fill {
  if (bid !== null && ask !== null && bid > 0 && ask > 0) {
    if (price > ask + AT_QUOTE) return 'Above Ask';
    if (price < bid - AT_QUOTE) return 'Below Bid';
    const spread = ask - bid;
    if (spread <= AT_QUOTE) return 'Mid';
    const pos = (price - bid) / spread;
    if (pos >= 0.75) return 'Ask';
    if (pos <= 0.25) return 'Bid';
    return 'Mid';
  }
  if (aggressorInd !== null && Number.isFinite(aggressorInd)) {
    if (aggressorInd > 1) return 'Above Ask';
    if (aggressorInd < 0) return 'Below Bid';
    if (aggressorInd >= 0.75) return 'Ask';
    if (aggressorInd <= 0.25) return 'Bid';
  }
  return 'Mid';
}

/** Ask-side calls and bid-side puts are Bullish; bid-side calls and ask-side puts Bearish; mid Neutral. */
export function sentimentOf(putCall: 'Call' | 'Put', fill: Fill): Sentiment {
  if (fill === 'Mid') return 'Neutral';
  const askSide = fill === 'Ask' || fill === 'Above Ask';
  return askSide === (putCall === 'Call') ? 'Bullish' : 'Bearish';
}

/** Percent out of the money: calls above the underlying, puts below; negative = in the money. */
export function otmPercent(putCall: 'Call' | 'Put', strike: number, underlying: number): number {
  if (!(underlying > 0)) return Number.NaN;
  const otm = putCall === 'Call' ? (strike - underlying) / underlying : (underlying - strike) / underlying;
  return otm * 100;
}

/** Calendar days from the trade date to expiry (0 on expiry day; never negative). */
export function daysToExpiry(tradeDate: string, expiration: string): number {
  const days = Math.round((Date.parse(`${expiration}T00:00:00Z`) - Date.parse(`${tradeDate}T00:00:00Z`)) / 86_400_000);
  return Math.max(0, days);
}
