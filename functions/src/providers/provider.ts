import type { ShillerMonth } from '../domain/sp500/shiller-month.ts';
import type { OptionsActivityRecord } from './benzinga/options-activity.ts';
import type { ShortInterestRow } from './finra/short-interest.ts';
import type { ShortVolumeReport } from './finra/short-volume.ts';
import type { OptionChainReport } from './option-quote.ts';
import type { VixDay } from './cboe/vix-history.ts';
import type { ListedSymbol } from './nasdaq/symbol-directory.ts';
import type { ParseReport } from './parse-report.ts';
import type { DailyBarsReport } from './polygon/aggregates.ts';
import type { TickerSnapshot } from './polygon/snapshot.ts';

export interface OptionsActivityPage extends ParseReport<OptionsActivityRecord> {
  page: number;
  /** The page was full, so the next page may hold more records. */
  hasMore: boolean;
}

/**
 * The one seam between ingestion jobs and market-data vendors. Dates are 'YYYY-MM-DD' (New York
 * trading days). Every method returns a ParseReport so jobs can store good rows and alert on
 * skipped ones; transport problems surface as the typed errors of http.ts
 * (ProviderNotFoundError = no data for that day, e.g. a holiday; retryable errors for 429/5xx).
 */
export interface MarketDataProvider {
  /** FINRA consolidated NMS short-sale volume for one trade date. */
  dailyShortVolume(date: string): Promise<ShortVolumeReport>;
  /** FINRA equity short interest for one settlement date. */
  shortInterest(settlementDate: string): Promise<ParseReport<ShortInterestRow>>;
  /**
   * Option chain of one underlying: the current (delayed) chain from live vendors; the demo
   * provider can also produce a past trading day's chain (`date`) for its backfill.
   */
  optionChain(underlying: string, date?: string): Promise<OptionChainReport>;
  /**
   * One contract (compact OCC symbol) at the close of each of `dates` (ascending, before today), each
   * as a one-line chain of that day; days it was not listed are left out. Only a provider that can
   * rebuild past sessions' chains has it (the demo); live vendors serve the current chain alone.
   */
  optionContractDays?(underlying: string, symbol: string, dates: readonly string[]): Promise<OptionChainReport[]>;
  /** Daily bars, both ends inclusive. */
  dailyAggregates(ticker: string, from: string, to: string): Promise<DailyBarsReport>;
  previousClose(ticker: string): Promise<DailyBarsReport>;
  /** One bar per ticker for the whole US stock market on one day. */
  groupedDaily(date: string): Promise<DailyBarsReport>;
  tickerSnapshot(ticker: string): Promise<ParseReport<TickerSnapshot>>;
  /**
   * Unusual options activity (sweeps/blocks) for one day; page is 0-based. `updatedSince` (Unix
   * seconds) asks only for records updated at or after it: the live poller's delta.
   */
  optionsActivity(date: string, page?: number, updatedSince?: number): Promise<OptionsActivityPage>;
  /** Monthly S&P 500 price, trailing dividends and earnings, CPI and CAPE (Shiller's data). */
  sp500Monthly(): Promise<ParseReport<ShillerMonth>>;
  /** Every trading day of the VIX index since 1990, oldest first (CBOE's VIX_History.csv). */
  vixHistory(): Promise<ParseReport<VixDay>>;
  /** The listed stocks and ETFs (Nasdaq Trader's nasdaqlisted.txt and otherlisted.txt), the live ticker universe. */
  symbolDirectory(): Promise<ParseReport<ListedSymbol>>;
}
