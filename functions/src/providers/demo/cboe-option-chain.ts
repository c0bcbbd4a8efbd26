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
import { clamp, hashNormal, hashUnit, mulberryDraw, seedFrom } from '../../analytics/seeded-random.ts';
import type { ChainRow, ContractQuote, OptionContract, OptionsMarket } from '../../domain/options-market/index.ts';
import type { CboePayload, CboeRecord } from '../cboe/option-chain.ts';
import { parseOccSymbol, type OccSymbol, type OptionChainReport, type OptionQuote } from '../option-quote.ts';
import { createReportBuilder } from '../parse-report.ts';

const round = (x: number, dp: 2 | 3 | 4): number => {
  // Constants, not 10 ** dp: Math.pow was a fifth of a large chain's own time (the same values).
  const f = dp === 2 ? 100 : dp === 4 ? 10_000 : 1000;
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
function cboeChainPayload(market: OptionsMarket, seed: number, opts: ChainOptions = {}): CboePayload {
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
 * The demo provider's chain: the report parseCboeOptionChain gives for the payload's text
 * (cboe-option-chain.test.ts proves it), built straight from the market's figures. No text, no
 * record and no OCC symbol read back: on the largest chains (16,000 contracts) those objects and
 * their collection were most of a lazily built chain.
 */
export function cboeChainReport(market: OptionsMarket, seed: number, opts: ChainOptions = {}): OptionChainReport {
  const u = market.underlying;
  const report = createReportBuilder<OptionQuote>();
  const add = (c: OptionContract, occ: OccSymbol): void => report.add(chainQuote(market, seed, c, occ));
  if (opts.only) {
    const occ = parseOccSymbol(opts.only.symbol);
    if (occ) add(opts.only, occ);
  } else {
    for (const e of market.expirations) {
      const contracts = market.contracts(e.expiry);
      // Root, underlying and expiry as the parser reads them, once per expiration (shared strings).
      const occ = contracts[0] && parseOccSymbol(contracts[0].symbol);
      if (occ) for (const c of contracts) add(c, occ);
    }
  }
  return {
    ...report.build(),
    underlying: u.symbol.toUpperCase(),
    underlyingPrice: round(u.close, 2),
    asOf: timestampOf(u.date, opts),
  };
}

const timestampOf = (date: string, opts: ChainOptions): string => `${date} ${opts.time ?? '16:15:00'}`;

/** A line as CBOE prints it: the fields the parser reads and the session figures it does not. */
type ChainLine = CboeRecord & { open: number; high: number; low: number; tick: string; percent_change: number };

/** What a snapshot prints of one contract's session besides the market's close quote. */
interface SessionFigures {
  volume: number;
  /** 0 when the contract did not trade (CBOE's "no trade"). */
  last: number;
  lastTime: string | null;
  prevClose: number;
  change: number;
  bidSize: number;
  askSize: number;
  /** Seed of the line's own draws (mulberry32): the sizes take the first two, the text's high and low the next. */
  draws: number;
}

// One record refilled for every line and read at once by the caller (which keeps none of it): a fresh
// object per contract was a tenth of a large chain's allocation.
const figures: SessionFigures = {
  volume: 0,
  last: 0.5,
  lastTime: null,
  prevClose: 0.5,
  change: 0.5,
  bidSize: 0,
  askSize: 0,
  draws: 0,
};

/** `c`'s session figures, in a record shared by every call: read them before the next call. */
function sessionFigures(market: OptionsMarket, seed: number, c: OptionContract, q: ContractQuote, oi: number) {
  const u = market.underlying;
  const { date } = u;
  const spot = u.close;
  const volumeScale = Math.max(1, u.dollarVolume / 1e9);
  const z = Math.log(c.strike / spot) / (market.surface.atm(c.T) * Math.sqrt(c.T));
  const draws = seedFrom(seed, 'quote', c.symbol, date);
  // Turnover: short-dated and near-the-money contracts trade many times their OI.
  const turnover =
    (0.15 + 10 * Math.exp(-c.dte / 2.5)) *
    Math.exp(-0.5 * (z / 1.5) ** 2) *
    Math.exp(0.7 * hashNormal(seed, 'vol', c.symbol, date));
  const volume = Math.round((oi + 2 * volumeScale) * turnover);
  const traded = volume > 0;
  const bid = round(q.bid, 2);
  const ask = round(q.ask, 2);
  // A trade prints at least one tick (CBOE's 0 means "no trade"), inside the closing quote.
  const last = traded
    ? Math.max(0.01, clamp(round(q.theo * (1 + 0.01 * hashNormal(seed, 'last', c.symbol, date)), 2), bid, ask))
    : 0;
  const lastTime = traded
    ? `${date}T${hms(34_200 + Math.floor((1 - hashUnit(seed, 'time', c.symbol, date) ** 3) * 24_299))}`
    : null;
  const prevClose = round(market.theo(c, u.prevClose), 2);
  const change = traded ? round(last - prevClose, 2) : 0;
  const bidSize = 1 + Math.floor(mulberryDraw(draws, 1) * 300);
  const askSize = 1 + Math.floor(mulberryDraw(draws, 2) * 300);
  const out = figures;
  out.volume = volume;
  out.last = last;
  out.lastTime = lastTime;
  out.prevClose = prevClose;
  out.change = change;
  out.bidSize = bidSize;
  out.askSize = askSize;
  out.draws = draws;
  return out;
}

/** One line of the chain: the market's close quote of `c` and what a snapshot prints besides. */
function chainRecord(market: OptionsMarket, seed: number, c: ChainRow): ChainLine {
  const { date } = market.underlying;
  const s = sessionFigures(market, seed, c, c, c.openInterest);
  const { last, change, prevClose, draws } = s;
  const traded = s.volume > 0;
  const open = traded ? round(Math.max(0.01, last * (1 + 0.03 * hashNormal(seed, 'open', c.symbol, date))), 2) : 0;
  return {
    option: c.symbol,
    bid: round(c.bid, 2),
    bid_size: s.bidSize,
    ask: round(c.ask, 2),
    ask_size: s.askSize,
    iv: round(c.iv, 4),
    open_interest: c.openInterest,
    volume: s.volume,
    delta: round(c.delta, 4),
    gamma: round(c.gamma, 4),
    vega: round(c.vega, 4),
    theta: round(c.theta, 4),
    rho: round(c.rho, 4),
    theo: round(c.theo, 4),
    change,
    open,
    high: traded ? round(Math.max(open, last) * (1 + 0.02 * mulberryDraw(draws, 3)), 2) : 0,
    low: traded ? round(Math.max(0.01, Math.min(open, last) * (1 - 0.02 * mulberryDraw(draws, 4))), 2) : 0,
    tick: change > 0 ? 'up' : change < 0 ? 'down' : 'no_change',
    last_trade_price: last,
    last_trade_time: s.lastTime,
    percent_change: prevClose ? round((change / prevClose) * 100, 4) : 0,
    prev_day_close: prevClose,
  };
}

/**
 * The report's row of `c`: what quoteOf (providers/cboe/option-chain.ts) reads from chainRecord's
 * line, computed directly. `occ` is the contract's expiration as the parser reads it.
 */
function chainQuote(market: OptionsMarket, seed: number, c: OptionContract, occ: OccSymbol): OptionQuote {
  const q = market.quote(c, market.underlying.close);
  const oi = market.openInterest(c);
  const s = sessionFigures(market, seed, c, q, oi);
  const iv = round(q.iv, 4);
  return {
    root: occ.root,
    underlying: occ.underlying,
    expiry: occ.expiry,
    type: c.type,
    strike: c.strike,
    symbol: c.symbol,
    bid: round(q.bid, 2),
    ask: round(q.ask, 2),
    bidSize: s.bidSize,
    askSize: s.askSize,
    last: s.last > 0 ? s.last : null,
    lastTradeTime: s.lastTime,
    volume: s.volume,
    openInterest: oi,
    iv: iv > 0 ? iv : null,
    delta: round(q.delta, 4),
    gamma: round(q.gamma, 4),
    theta: round(q.theta, 4),
    vega: round(q.vega, 4),
    rho: round(q.rho, 4),
    theo: round(q.theo, 4),
    prevClose: s.prevClose,
    change: s.change,
  };
}
