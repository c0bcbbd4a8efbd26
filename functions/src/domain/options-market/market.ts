/**
 * One options market: the single source of every generated options fact for one underlying on one
 * trading day. The chain generator (CBOE delayed-quote format) and the flow simulator (vendor
 * format) both read it, so every print is a listed contract at a price its chain could show.
 * Pure and seeded: (underlying day, seed, prior net openings) -> the same market every time.
 */
import { blackScholesPrice } from '../../analytics/black-scholes.ts';
import { occSeriesPrefix, occSymbolFrom, parseOccSymbol } from './occ-symbol.ts';
import { dayNumber, weekdayIndex } from '../calendar/dates.ts';
import { listedExpirations, type ExpiryKind, type ListedExpiry } from './expirations.ts';
import { expectedOpenInterestWeight, seriesShape, totalOpenInterest, weightOfShape } from './open-interest.ts';
import { quoteContract, type ContractQuote, type QuoteInput } from './quote.ts';
import { listedStrikes } from './strikes.ts';
import { volSurface, type VolSurface } from './surface.ts';
import { dividendYieldOf, liquidityOf, RISK_FREE_RATE, type Liquidity, type UnderlyingDay } from './underlying.ts';

export interface OptionContract {
  /** Compact OCC symbol, e.g. SPY240315C00510000. */
  symbol: string;
  expiry: string;
  kind: ExpiryKind;
  type: 'call' | 'put';
  strike: number;
  /** Calendar days to expiry from the market's date, and the same in years. */
  dte: number;
  T: number;
}

export interface ChainRow extends OptionContract, ContractQuote {
  openInterest: number;
}

export interface OptionsMarket {
  readonly underlying: UnderlyingDay;
  readonly liquidity: Liquidity;
  readonly r: number;
  readonly q: number;
  readonly surface: VolSurface;
  readonly expirations: readonly ListedExpiry[];
  /** Listed strikes of one listed expiration (empty for an unlisted one). */
  strikes(expiry: string): readonly number[];
  /** Every listed contract of one expiration, calls then puts per strike. */
  contracts(expiry: string): readonly OptionContract[];
  /** The listed contract of one expiration, strike and type, or undefined when not listed. */
  contractAt(expiry: string, strike: number, type: 'call' | 'put'): OptionContract | undefined;
  /** The listed contract of this OCC symbol, or undefined. */
  contract(symbol: string): OptionContract | undefined;
  /** Quote, theo and Greeks of a contract with the underlying at `spot` (a moment of the session). */
  quote(c: OptionContract, spot: number): ContractQuote;
  /** The theoretical price alone (the `theo` of `quote`), for a chain's previous-close marks. */
  theo(c: OptionContract, spot: number): number;
  /** Open interest at the start of the session (the prior day's closing positions). */
  openInterest(c: OptionContract): number;
  /** One contract quoted at the close, with its open interest: a line of `chain()`. */
  chainRow(c: OptionContract): ChainRow;
  /** The after-the-close snapshot: every contract quoted at the close, with its open interest. */
  chain(): readonly ChainRow[];
  /**
   * The same day's market with other carried openings: the listing, the surface and the open
   * interest's scale (which sums every listed contract) are shared, not built again.
   */
  withNetOpenings(netOpenings: ReadonlyMap<string, number> | undefined): OptionsMarket;
}

export interface MarketOptions {
  /** Net contracts opened by earlier sessions' prints (openings - closings) per OCC symbol. */
  netOpenings?: ReadonlyMap<string, number>;
}

export function optionsMarket(u: UnderlyingDay, seed: number, opts: MarketOptions = {}): OptionsMarket {
  if (!(u.close > 0 && Number.isFinite(u.close)))
    throw new RangeError(`close must be a positive number, got ${u.close}`);
  const liquidity = liquidityOf(u);
  const r = RISK_FREE_RATE;
  const q = dividendYieldOf(u);
  const surface = volSurface(u);
  const expirations = listedExpirations(u.date, u.symbol, liquidity);
  const kindOf = new Map(expirations.map((e) => [e.expiry, e.kind]));
  const root = u.symbol.toUpperCase();
  const day0 = dayNumber(u.date);
  const low = Math.min(u.rangeLow, u.close);
  const high = Math.max(u.rangeHigh, u.close);

  // OI sits where the price has been, not where it closed today.
  const ref = (low + high) / 2;
  const etf = u.kind === 'etf';
  const dayIndex = weekdayIndex(u.date);

  // Per listed expiration: its strikes (ascending), the same as a set, and its contracts by strike.
  interface Series {
    kind: ExpiryKind;
    dte: number;
    /** The open-interest shape of this expiration's contracts (seriesShape). */
    shape: (type: 'call' | 'put', strike: number) => number;
    /** Root and expiry part of its contracts' OCC symbols. */
    prefix: string;
    strikes: number[];
    listed: Set<number>;
    calls: Map<number, OptionContract>;
    puts: Map<number, OptionContract>;
  }
  const seriesCache = new Map<string, Series>();
  const seriesOf = (expiry: string): Series | undefined => {
    const cached = seriesCache.get(expiry);
    if (cached) return cached;
    const kind = kindOf.get(expiry);
    if (!kind) return undefined;
    const dte = dayNumber(expiry) - day0;
    const T = dte / 365;
    const strikes = listedStrikes({ low, high, atmVol: surface.atm(T), T, kind }, liquidity);
    const shape = seriesShape({ kind, expiry, dte, T, etf }, ref, surface.atm(T));
    const prefix = occSeriesPrefix(root, expiry);
    const series = { kind, dte, shape, prefix, strikes, listed: new Set(strikes), calls: new Map(), puts: new Map() };
    seriesCache.set(expiry, series);
    return series;
  };
  const strikesOf = (expiry: string): number[] => seriesOf(expiry)?.strikes ?? [];

  const makeContract = (series: Series, expiry: string, strike: number, type: 'call' | 'put'): OptionContract => ({
    symbol: occSymbolFrom(series.prefix, type, strike),
    expiry,
    kind: series.kind,
    type,
    strike,
    dte: series.dte,
    T: series.dte / 365,
  });
  // Contracts are made one at a time as they are asked for: the flow touches a few strikes of a few
  // expirations of each name, and building whole chains for every name of a day was most of its cost.
  const contractAt = (expiry: string, strike: number, type: 'call' | 'put'): OptionContract | undefined => {
    const series = seriesOf(expiry);
    if (!series) return undefined;
    const made = type === 'call' ? series.calls : series.puts;
    const known = made.get(strike);
    if (known) return known;
    if (!series.listed.has(strike)) return undefined;
    const c = makeContract(series, expiry, strike, type);
    made.set(strike, c);
    return c;
  };
  // A whole expiration (the chain's walk) is not kept: its contracts are read once, and keeping
  // thousands of them alive through the build was collector work for nothing.
  const contracts = (expiry: string): OptionContract[] => {
    const series = seriesOf(expiry);
    const out: OptionContract[] = [];
    for (const k of series?.strikes ?? []) {
      out.push(series!.calls.get(k) ?? makeContract(series!, expiry, k, 'call'));
      out.push(series!.puts.get(k) ?? makeContract(series!, expiry, k, 'put'));
    }
    return out;
  };

  const theo = (c: OptionContract, spot: number): number => {
    const F = spot * Math.exp((r - q) * c.T);
    return blackScholesPrice(spot, c.strike, c.T, r, q, surface.vol(c.strike, F, c.T), c.type);
  };
  // One input, refilled for each quote: quoteContract reads it before returning and keeps nothing, and
  // a fresh 10-field object per contract (numbers boxed) was a sixth of a large chain's allocation.
  const input: QuoteInput = {
    S: 0,
    K: 0,
    T: 0,
    r,
    q,
    sigma: 0,
    type: 'call',
    z: 0,
    liquidity,
    dollarVolume: u.dollarVolume,
  };
  const quote = (c: OptionContract, spot: number): ContractQuote => {
    const F = spot * Math.exp((r - q) * c.T);
    const atm = surface.atm(c.T);
    input.S = spot;
    input.K = c.strike;
    input.T = c.T;
    input.sigma = surface.vol(c.strike, F, c.T);
    input.type = c.type;
    input.z = Math.log(c.strike / F) / (atm * Math.sqrt(c.T));
    return quoteContract(input);
  };

  // OI is scaled to the name's total by the expected weights (no hashing), so one contract's OI costs
  // one draw, not a chain's.
  let scale: number | undefined;
  const oiScale = (): number => {
    if (scale !== undefined) return scale;
    let total = 0;
    for (const e of expirations) {
      const { shape, strikes } = seriesOf(e.expiry)!;
      for (const strike of strikes) {
        total += expectedOpenInterestWeight(shape('call', strike));
        total += expectedOpenInterestWeight(shape('put', strike));
      }
    }
    scale = totalOpenInterest(u.dollarVolume) / (total || 1);
    return scale;
  };
  const contract = (symbol: string): OptionContract | undefined => {
    const o = parseOccSymbol(symbol);
    return o && o.root === root ? contractAt(o.expiry, o.strike, o.type) : undefined;
  };

  const withNetOpenings = (netOpenings: ReadonlyMap<string, number> | undefined): OptionsMarket => {
    const openInterest = (c: OptionContract): number => {
      const series = seriesOf(c.expiry);
      const w = series ? weightOfShape(series.shape(c.type, c.strike), c.symbol, seed, dayIndex) : 0;
      return Math.max(0, Math.round(w * oiScale()) + (netOpenings?.get(c.symbol) ?? 0));
    };
    // Object.assign, not `{ ...c, ...quote }`: on Node 20 a literal with two spreads takes a slow
    // runtime path (~40 us an object, 6,288 SPY rows 200-500 ms CPU; Object.assign ~10 ms).
    const chainRow = (c: OptionContract): ChainRow =>
      Object.assign({}, c, quote(c, u.close), { openInterest: openInterest(c) });
    let chain: ChainRow[] | undefined;
    return {
      underlying: u,
      liquidity,
      r,
      q,
      surface,
      expirations,
      strikes: strikesOf,
      contracts,
      contractAt,
      contract,
      quote,
      theo,
      openInterest,
      chainRow,
      chain() {
        chain ??= expirations.flatMap((e) => contracts(e.expiry).map(chainRow));
        return chain;
      },
      withNetOpenings,
    };
  };
  return withNetOpenings(opts.netOpenings);
}
