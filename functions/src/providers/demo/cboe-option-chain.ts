/**
 * Demo CBOE delayed-quote option chains: JSON text in CBOE's envelope
 *   { timestamp, data: { symbol, current_price, ..., options: [ { option, bid, ask, iv, ... } ] } }
 * that parseCboeOptionChain reads like the live CDN payload.
 *
 * Every listed contract, quote, Greek and open interest comes from the options market of
 * domain/options-market (the same one the flow simulator trades), so a chain and the day's flow
 * agree. This file adds only what a snapshot prints besides: the day's volume, last/open/high/low
 * and the change against the previous close (priced at the previous underlying close on the same
 * surface). CBOE units: theta per calendar day, vega per vol point, rho per 1% rate move, iv decimal.
 */
import { clamp, hashNormal, hashUnit, rngFrom } from '../../analytics/seeded-random.ts';
import type { ChainRow, OptionContract, OptionsMarket } from '../../domain/options-market/index.ts';
import { cboeReportFromRecords, type CboePayload, type CboeRecord } from '../cboe/option-chain.ts';
import type { OptionChainReport } from '../option-quote.ts';

const round = (x: number, dp: number): number => {
  const f = 10 ** dp;
  const v = Math.round(x * f) / f;
  return v === 0 ? 0 : v; // no "-0" in the JSON
};

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));
const hms = (seconds: number): string =>
  `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;

/** The JSON text of a CBOE delayed-quote chain of `market` (its date, its close). Deterministic per seed. */
export function generateCboeOptionChain(market: OptionsMarket, seed: number, opts: ChainOptions = {}): string {
  return JSON.stringify(cboeChainPayload(market, seed, opts));
}

interface ChainOptions {
  time?: string;
  /**
   * That contract's line alone, the same line the whole chain holds (every figure of a line depends on
   * its own contract and the seed only), for one contract's history across days.
   */
  only?: OptionContract;
}

/**
 * The same chain as the object CBOE's JSON decodes to (the stored text's source, and tests').
 */
export function cboeChainPayload(market: OptionsMarket, seed: number, opts: ChainOptions = {}): CboePayload {
  const u = market.underlying;
  const spot = u.close;
  const rows = opts.only ? [market.chainRow(opts.only)] : market.chain();
  const options = rows.map((c) => chainRecord(market, seed, c));
  const data = {
    symbol: u.symbol.toUpperCase(),
    current_price: round(spot, 2),
    price_change: round(spot - u.prevClose, 2),
    close: round(spot, 2),
    prev_day_close: round(u.prevClose, 2),
    iv30: round(market.surface.atm(30 / 365) * 100, 3),
    options,
  };
  return { timestamp: timestampOf(u.date, opts), data };
}

/**
 * The demo provider's chain: the payload's records read one at a time into the report that
 * parseCboeOptionChain gives for the payload's text (cboe-option-chain.test.ts proves it), with no
 * text, no validation and no payload held whole (both were most of a lazily built SPY chain).
 */
export function cboeChainReport(market: OptionsMarket, seed: number, opts: ChainOptions = {}): OptionChainReport {
  const u = market.underlying;
  return cboeReportFromRecords(chainRecords(market, seed, opts), {
    symbol: u.symbol.toUpperCase(),
    current_price: round(u.close, 2),
    timestamp: timestampOf(u.date, opts),
  });
}

function chainRecords(market: OptionsMarket, seed: number, opts: ChainOptions) {
  return (read: (r: CboeRecord) => void): void => {
    if (opts.only) {
      read(chainRecord(market, seed, market.chainRow(opts.only)));
      return;
    }
    for (const e of market.expirations)
      for (const c of market.contracts(e.expiry)) read(chainRecord(market, seed, market.chainRow(c)));
  };
}

const timestampOf = (date: string, opts: ChainOptions): string => `${date} ${opts.time ?? '16:15:00'}`;

/** A line as CBOE prints it: the fields the parser reads and the session figures it does not. */
type ChainLine = CboeRecord & { open: number; high: number; low: number; tick: string; percent_change: number };

/** One line of the chain: the market's close quote of `c` and what a snapshot prints besides. */
function chainRecord(market: OptionsMarket, seed: number, c: ChainRow): ChainLine {
  const u = market.underlying;
  const { date } = u;
  const spot = u.close;
  const volumeScale = Math.max(1, u.dollarVolume / 1e9);
  const z = Math.log(c.strike / spot) / (market.surface.atm(c.T) * Math.sqrt(c.T));
  const rng = rngFrom(seed, 'quote', c.symbol, date);
  // Turnover: short-dated and near-the-money contracts trade many times their OI.
  const turnover =
    (0.15 + 10 * Math.exp(-c.dte / 2.5)) *
    Math.exp(-0.5 * (z / 1.5) ** 2) *
    Math.exp(0.7 * hashNormal(seed, 'vol', c.symbol, date));
  const volume = Math.round((c.openInterest + 2 * volumeScale) * turnover);
  const traded = volume > 0;
  // A trade prints at least one tick (CBOE's 0 means "no trade"), inside the closing quote.
  const last = traded
    ? Math.max(0.01, clamp(round(c.theo * (1 + 0.01 * hashNormal(seed, 'last', c.symbol, date)), 2), c.bid, c.ask))
    : 0;
  const lastTime = traded
    ? `${date}T${hms(34_200 + Math.floor((1 - hashUnit(seed, 'time', c.symbol, date) ** 3) * 24_299))}`
    : null;
  const prevClose = round(market.theo(c, u.prevClose), 2);
  const change = traded ? round(last - prevClose, 2) : 0;
  const open = traded ? round(Math.max(0.01, last * (1 + 0.03 * hashNormal(seed, 'open', c.symbol, date))), 2) : 0;
  return {
    option: c.symbol,
    bid: round(c.bid, 2),
    bid_size: 1 + Math.floor(rng() * 300),
    ask: round(c.ask, 2),
    ask_size: 1 + Math.floor(rng() * 300),
    iv: round(c.iv, 4),
    open_interest: c.openInterest,
    volume,
    delta: round(c.delta, 4),
    gamma: round(c.gamma, 4),
    vega: round(c.vega, 4),
    theta: round(c.theta, 4),
    rho: round(c.rho, 4),
    theo: round(c.theo, 4),
    change,
    open,
    high: traded ? round(Math.max(open, last) * (1 + 0.02 * rng()), 2) : 0,
    low: traded ? round(Math.max(0.01, Math.min(open, last) * (1 - 0.02 * rng())), 2) : 0,
    tick: change > 0 ? 'up' : change < 0 ? 'down' : 'no_change',
    last_trade_price: last,
    last_trade_time: lastTime,
    percent_change: prevClose ? round((change / prevClose) * 100, 4) : 0,
    prev_day_close: prevClose,
  };
}
