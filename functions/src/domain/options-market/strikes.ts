/**
 * Listed strikes by the exchanges' strike-interval rules, which depend on the strike price:
 *  - standard intervals (Cboe Rule 4.5, Interpretation and Policy .01): $2.50 for strikes of $25
 *    or less, $5 above $25, $10 above $200;
 *  - the $0.50 Strike Program (strikes of $5.50 or less), the $1 Strike Interval Program (strikes up to $50) and the $2.50 program (strikes up to $100,
 *    extended to $200 for liquid classes), and Short Term Option Series intervals ($0.50 under $25 ...
 *    $5 above $200) for names with weeklies: a liquid stock near the money lists
 *    $0.50 / $1 / $2.50 / $5 by strike band ($25 / $50 / $200), NVDA at $875 on $5, AAPL at $170 on $2.50;
 *  - index ETFs (SPY, QQQ, IWM, DIA) list $1 strikes near the money whatever the price, $5 farther out
 *    and $10 in the wings (the real IWM chain of 2026-07-02 in shared/data/samples/cboe: $1 within
 *    ~10% on the short expirations and quarterlies, $5 beyond and on the long monthlies).
 * The fine interval applies within a band around the money; thin names list only the standard grid.
 *
 * The rules set the finest interval; the exchanges list wider ones far from the money and on
 * high-priced names (Rule 4.5 .01: "$10 or greater" above $200). A single name's expiration lists at
 * most MAX_STRIKES_PER_EXPIRY strikes, the real IWM chain's busiest expiration (128 strikes on its
 * July 2026 monthly, shared/data/samples/cboe; its others list 30-101): where the rule intervals
 * would list more (BKNG at $3,500 on $5/$10 across -80%..+150% listed 813), the intervals widen
 * together, far strikes first, through $5, $10, $20, $50, $100 ... multiples of the rule intervals,
 * so every strike stays on the grid. Index ETFs list by their own programme (above), uncapped.
 */
import type { ExpiryKind } from './expirations.ts';
import type { Liquidity } from './underlying.ts';

/** Standard interval for a strike (Cboe Rule 4.5 .01). */
export function standardInterval(strike: number): number {
  return strike <= 25 ? 2.5 : strike <= 200 ? 5 : 10;
}

/** The finest interval a strike may be listed at, by the programs above. */
export function fineInterval(strike: number, liquidity: Liquidity): number {
  if (liquidity === 'index') return 1;
  // The $0.50 Strike Program: strikes of $5.50 or less on any class.
  if (strike <= 5.5) return 0.5;
  if (liquidity === 'thin') return strike <= 50 ? 1 : standardInterval(strike);
  return strike < 25 ? 0.5 : strike < 50 ? 1 : strike < 200 ? 2.5 : 5;
}

/** Interval of the outer strikes: $5/$10 for index ETFs, the standard grid for stocks. */
export function coarseInterval(strike: number, liquidity: Liquidity): number {
  if (liquidity === 'index') return strike > 100 ? 5 : 1;
  return Math.max(fineInterval(strike, liquidity), standardInterval(strike));
}

/** True when `strike` is a multiple of an interval allowed at that price (a program's or the standard one). */
export function isOnStrikeGrid(strike: number, liquidity: Liquidity): boolean {
  const k = Math.round(strike * 1000);
  const on = (interval: number): boolean => k % Math.round(interval * 1000) === 0;
  return (
    strike > 0 &&
    Math.abs(strike * 1000 - k) < 1e-6 &&
    (on(fineInterval(strike, liquidity)) || on(coarseInterval(strike, liquidity)))
  );
}

/** Most strikes one expiration of a single name lists (the real IWM chain's busiest, see above). */
export const MAX_STRIKES_PER_EXPIRY = 128;

/** Wider intervals, each a multiple of every rule interval it replaces (so strikes stay on the grid). */
const WIDER = [5, 10, 20, 50, 100, 200, 500, 1000];

export interface StrikeRange {
  /** Lowest and highest recent reference prices (the listed range follows where the price has been). */
  low: number;
  high: number;
  /** ATM implied vol of the expiry and its time in years. */
  atmVol: number;
  T: number;
  kind: ExpiryKind;
}

/**
 * Strikes listed for one expiry, ascending. Width: puts reach further below than calls above
 * (the IWM monthly lists 42% below spot, 28% above); long-dated series list wider. Fine strikes
 * within ~1.5 standard deviations (5-15%) of the range; long monthlies and LEAPS of index ETFs list
 * only the coarse grid, as IWM's do. Integer thousandths (the OCC unit) keep $2.50 grids exact.
 */
export function listedStrikes(range: StrikeRange, liquidity: Liquidity): number[] {
  const rules = strikesAt(range, liquidity, 0, 0);
  if (liquidity === 'index' || rules.length <= MAX_STRIKES_PER_EXPIRY) return rules;
  // Far strikes widen two steps ahead of the near ones; the first pair that fits is listed.
  for (let i = 0; i + 2 < WIDER.length; i += 1) {
    const wider = strikesAt(range, liquidity, WIDER[i]!, WIDER[i + 2]!);
    if (wider.length <= MAX_STRIKES_PER_EXPIRY) return wider;
  }
  return strikesAt(range, liquidity, WIDER.at(-1)!, WIDER.at(-1)!);
}

/** The walk of `listedStrikes` with the near (fine) and far (coarse) intervals at least the given floors. */
function strikesAt(range: StrikeRange, liquidity: Liquidity, fineFloor: number, coarseFloor: number): number[] {
  const fineAt = (k: number): number => Math.max(fineInterval(k, liquidity), fineFloor);
  const coarseAt = (k: number): number => Math.max(coarseInterval(k, liquidity), coarseFloor);
  const sd = range.atmVol * Math.sqrt(Math.max(range.T, 2 / 365));
  const down = Math.min(0.8, 0.1 + 2.6 * sd);
  const up = Math.min(1.5, 0.08 + 1.8 * sd);
  const fineBand = Math.min(0.15, Math.max(0.05, 1.5 * sd));
  const fineOn = !(liquidity === 'index' && (range.kind === 'leaps' || (range.kind === 'monthly' && range.T > 0.35)));
  // At least two fine strikes either side of the range, however cheap or calm the name.
  const fLo = Math.min(range.low * (1 - fineBand), range.low - 2 * fineAt(range.low));
  const fHi = Math.max(range.high * (1 + fineBand), range.high + 2 * fineAt(range.high));
  const lo = Math.min(range.low * (1 - down), fLo);
  const hi = Math.max(range.high * (1 + up), fHi);
  const stepAt = (k: number): number => {
    const fine = fineOn && k >= fLo && k < fHi;
    return Math.round((fine ? fineAt(k) : coarseAt(k)) * 1000);
  };
  const out: number[] = [];
  let k = 0;
  // Walk up from the bottom of the range on whichever interval applies at each strike.
  const first = Math.round(fineAt(lo) * 1000);
  let milli = Math.max(Math.ceil((lo * 1000) / first) * first, first);
  while (milli <= hi * 1000 && k < 2000) {
    const strike = milli / 1000;
    out.push(strike);
    const step = stepAt(strike);
    const next = Math.floor(milli / step) * step + step;
    // Crossing into a coarser band ($25 -> $27.50 where $5 applies): round up onto that band's grid.
    const onto = stepAt(next / 1000);
    milli = Math.ceil(next / onto) * onto;
    k += 1;
  }
  return out;
}
