import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import type { DailySeries } from '../../data/timeseries-repository.ts';
import { parseFinraShortInterest } from '../finra/short-interest.ts';
import { parseFinraShortVolume } from '../finra/short-volume.ts';
import { ProviderError, ProviderNotFoundError } from '../http.ts';
import type { DailyBar } from '../polygon/aggregates.ts';
import type { MarketDataProvider } from '../provider.ts';
import { createReportBuilder } from '../parse-report.ts';
import { cboeChainReport } from './cboe-option-chain.ts';
import { underlyingDayFrom } from './underlying-day.ts';
import { optionsMarket, type OptionsMarket } from '../../domain/options-market/index.ts';
import { TtlLru } from '../../lib/lru.ts';
import type { OptionChainReport } from '../option-quote.ts';
import { generateFinraShortInterestFile } from './finra-short-interest.ts';
import { generateFinraShortVolumeFile } from './finra-short-volume.ts';
import { parseShillerCsv } from '../shiller/shiller-csv.ts';

/** What the demo provider reads: the real bundled history already in the market table. */
export interface DemoMarketSource {
  directory(): Promise<DirectoryEntry[]>;
  /** Daily bars of a ticker (at least the last ~15 months before the demo date). */
  series(ticker: string): Promise<DailySeries>;
  /** The demo's "today". */
  today(): string;
  /** The bundled Shiller monthly file as loaded into the market table (null when not loaded). */
  sp500MonthlyCsv?(): Promise<string | null>;
  /**
   * Net openings of an underlying's contracts carried from the stored flow of the days before `date`
   * (OCC symbol -> contracts); without it, chains show the open-interest profile alone.
   */
  netOpenings?(underlying: string, date: string): Promise<ReadonlyMap<string, number>>;
  /** Each stored session's net openings in [from, to), oldest first (what `netOpenings` sums). */
  netOpeningsBetween?(from: string, to: string): Promise<Array<{ date: string; nets: Array<[string, number]> }>>;
}

export const DEMO_SEED = 20240308;
const CHAIN_CACHE_SIZE = 64;
/** A few names' contract windows (21 sessions each) of day markets. */
const DAY_MARKET_CACHE_SIZE = 128;

const notInDemo = (what: string) => new ProviderError('demo', `${what} is not simulated by the demo provider`, false);

function barIndex(s: DailySeries, date: string): number {
  return s.date.lastIndexOf(date);
}

/** FINRA prints class shares with a slash (BRK/B); the universe uses a dot. */
const finraSymbol = (s: string) => s.replace('.', '/');

function meanVolume(s: DailySeries, end: number, sessions: number): number {
  if (!s.volume || end < 0) return 0;
  const from = Math.max(0, end - sessions + 1);
  let sum = 0;
  for (let i = from; i <= end; i++) sum += s.volume[i]!;
  return sum / (end - from + 1);
}

/**
 * The demo MarketDataProvider: seeded generators driven by the real bundled history, emitting
 * the vendors' real wire formats, which then go through the same parsers as production.
 */
export function createDemoProvider(source: DemoMarketSource, seed = DEMO_SEED): MarketDataProvider {
  const tradable = async () => (await source.directory()).filter((e) => e.kind !== 'index');

  async function bars(ticker: string, from: string, to: string) {
    const s = await source.series(ticker);
    const report = createReportBuilder<DailyBar>();
    s.date.forEach((d, i) => {
      if (d < from || d > to) return;
      report.add({
        ticker,
        date: d,
        open: s.open[i]!,
        high: s.high[i]!,
        low: s.low[i]!,
        close: s.close[i]!,
        volume: s.volume?.[i] ?? 0,
        vwap: null,
        transactions: null,
        timestamp: Date.parse(`${d}T05:00:00Z`),
      });
    });
    return report.build();
  }

  // Chains are computed on demand per ticker and day (tens of ms each) and the latest few kept.
  const chainCache = new Map<string, Promise<OptionChainReport>>();
  async function underlyingOn(underlying: string, date: string) {
    const entry = (await source.directory()).find((e) => e.symbol === underlying);
    const s = await source.series(underlying);
    const vix = underlying === 'SPY' ? await source.series('VIX') : undefined;
    const vi = vix ? barIndex(vix, date) : -1;
    const kind = entry?.kind === 'etf' ? 'etf' : 'stock';
    const u = underlyingDayFrom(underlying, kind, s, date, vix && vi >= 0 ? vix.close[vi]! : undefined);
    if (!u || !entry || entry.kind === 'index')
      throw new ProviderNotFoundError(
        'demo',
        `demo://cboe/${underlying}/${date}`,
        `${underlying} chain for ${date} (not an optionable ticker, or not a trading day)`,
      );
    return u;
  }
  async function buildChain(underlying: string, date: string): Promise<OptionChainReport> {
    const u = await underlyingOn(underlying, date);
    const netOpenings = await source.netOpenings?.(underlying, date);
    const market = optionsMarket(u, seed, netOpenings ? { netOpenings } : {});
    return cboeChainReport(market, seed);
  }

  /**
   * One contract's chain line per day, from the market of that day alone (~1 ms, where a whole SPY
   * chain takes most of a second). Its carried openings on day d are those the chain of d adds (the
   * stored days before d): today's carry less the window's days from d on, so the carry is read at
   * today (where the chains keep it) and not rewound to the window's start.
   */
  // The window's stored openings, read once per window for every contract asked about (the stored days
  // before today do not change; the provider is renewed with the day).
  let windowRead: { key: string; days: Promise<Array<{ date: string; nets: Map<string, number> }>> } | undefined;
  function windowNets(from: string, to: string) {
    const key = `${from}|${to}`;
    if (windowRead?.key !== key) {
      const days = (source.netOpeningsBetween?.(from, to) ?? Promise.resolve([])).then((ds) =>
        ds.map((d) => ({ date: d.date, nets: new Map(d.nets) })),
      );
      windowRead = { key, days };
      days.catch(() => {
        if (windowRead?.days === days) windowRead = undefined;
      });
    }
    return windowRead.days;
  }

  // Each day's market without carried openings, shared by every contract asked about that day: a
  // market's open-interest scale sums the expected weights of its whole listing, most of what one
  // contract's line of a day costs. Renewed with the provider.
  const dayMarkets = new TtlLru<OptionsMarket | null>(DAY_MARKET_CACHE_SIZE, Number.POSITIVE_INFINITY);
  const dayMarket = (underlying: string, date: string) =>
    dayMarkets.get(`${underlying}|${date}`, async () => {
      const u = await underlyingOn(underlying, date).catch((e: unknown) => {
        if (e instanceof ProviderNotFoundError) return null;
        throw e;
      });
      return u && optionsMarket(u, seed);
    });

  async function contractDays(underlying: string, symbol: string, dates: readonly string[]) {
    if (dates.length === 0) return [];
    const today = source.today();
    // (Valid while the contract is listed today: an expired one has left today's carry.)
    const carry = await source.netOpenings?.(underlying, today);
    const since = (await windowNets(dates[0]!, today)).map((d) => ({ date: d.date, net: d.nets.get(symbol) ?? 0 }));
    const out: OptionChainReport[] = [];
    for (const date of dates) {
      const later = since.reduce((sum, d) => sum + (d.date >= date ? d.net : 0), 0);
      const day = await dayMarket(underlying, date);
      if (!day) continue;
      const market = carry ? day.withNetOpenings(new Map([[symbol, (carry.get(symbol) ?? 0) - later]])) : day;
      const only = market.contract(symbol);
      if (only) out.push(cboeChainReport(market, seed, { only }));
    }
    return out;
  }

  return {
    async dailyShortVolume(date) {
      const universe: Array<{ symbol: string; totalVolume: number }> = [];
      for (const e of await tradable()) {
        const s = await source.series(e.symbol);
        const i = barIndex(s, date);
        if (i >= 0 && s.volume) universe.push({ symbol: finraSymbol(e.symbol), totalVolume: s.volume[i]! });
      }
      if (universe.length === 0)
        throw new ProviderNotFoundError(
          'demo',
          `demo://finra/CNMSshvol${date.replace(/-/g, '')}.txt`,
          `short volume for ${date} (not a trading day)`,
        );
      return parseFinraShortVolume(generateFinraShortVolumeFile(date, universe, seed));
    },

    async shortInterest(settlementDate) {
      // FINRA publishes short interest for all listed names; the product shows NASDAQ-listed ones.
      const universe = [];
      for (const e of await tradable()) {
        if (e.exchange !== 'NASDAQ') continue;
        const s = await source.series(e.symbol);
        const end = s.date.findLastIndex((d) => d <= settlementDate);
        const avgDailyVolume = Math.round(meanVolume(s, end, 10));
        if (avgDailyVolume <= 0) continue;
        // The level follows the year to the demo date, the same for every settlement, so a file's
        // "previous" (recomputed) equals the prior file's "current".
        const typicalDailyVolume = Math.round(
          meanVolume(
            s,
            s.date.findLastIndex((d) => d <= source.today()),
            250,
          ),
        );
        const typicalPrice = s.close[s.date.findLastIndex((d) => d <= source.today())] ?? 0;
        // A class of a multi-class company is shorted against its own shares (GOOGL: Class A only);
        // without a class count the generator infers the float from the class's volume.
        const shares = e.class_shares_outstanding !== undefined ? e.class_shares_outstanding : e.shares_outstanding;
        universe.push({
          symbol: finraSymbol(e.symbol),
          issueName: e.company,
          market: 'NNM',
          avgDailyVolume,
          typicalDailyVolume,
          ...(shares ? { sharesOutstanding: shares } : {}),
          ...(typicalPrice > 0 ? { typicalPrice } : {}),
        });
      }
      return parseFinraShortInterest(generateFinraShortInterestFile(settlementDate, universe, seed));
    },

    optionContractDays: contractDays,

    optionChain(underlying, date = source.today()) {
      const key = `${underlying}|${date}`;
      const cached = chainCache.get(key);
      if (cached) return cached;
      const built = buildChain(underlying, date);
      chainCache.set(key, built);
      // A failed build is not kept: the next request tries again.
      built.catch(() => chainCache.delete(key));
      if (chainCache.size > CHAIN_CACHE_SIZE) chainCache.delete(chainCache.keys().next().value!);
      return built;
    },

    dailyAggregates: (ticker, from, to) => bars(ticker, from, to),
    previousClose: async (ticker) => {
      const s = await source.series(ticker);
      const before = s.date.filter((d) => d < source.today()).at(-1) ?? source.today();
      return bars(ticker, before, before);
    },
    async groupedDaily(date) {
      const report = createReportBuilder<DailyBar>();
      for (const e of await tradable()) for (const b of (await bars(e.symbol, date, date)).rows) report.add(b);
      return report.build();
    },
    tickerSnapshot: async () => Promise.reject(notInDemo('the intraday ticker snapshot')),
    optionsActivity: async () => Promise.reject(notInDemo('options activity (see the flow simulator)')),

    async sp500Monthly() {
      const text = (await source.sp500MonthlyCsv?.()) ?? null;
      if (text === null)
        throw new ProviderNotFoundError(
          'demo',
          'demo://shiller/sp500-monthly.csv',
          'S&P 500 monthly data (load the demo bundle first)',
        );
      return parseShillerCsv(text);
    },

    // The demo's universe is the bundle's (its listings as of the demo date, with sectors and share counts).
    symbolDirectory: async () => Promise.reject(notInDemo('the symbol directory (the bundle carries its own)')),
    // Likewise the VIX history: the bundle's CBOE closes since 2004 are loaded with the ETFs.
    vixHistory: async () => Promise.reject(notInDemo('the VIX history (the bundle carries its own)')),
  };
}
