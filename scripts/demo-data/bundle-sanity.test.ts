/**
 * Data sanity of the committed demo bundle, checked the way a trader who knows March 2024 would:
 * the largest companies' market caps, no impossible day-to-day jumps, short interest in the ranges
 * the market publishes. Reads only the bundle (no database).
 */
import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { DEMO_AS_OF } from '@tapewatch/shared/constants';
import type { DailySeries } from '@tapewatch/functions/data/timeseries-repository';
import { createDemoProvider } from '@tapewatch/functions/providers/demo/demo-provider';
import { shortInterestSettlementDates } from '@tapewatch/functions/domain/calendar/short-interest-settlement';
import { sharesOn } from '@tapewatch/functions/domain/tickers/shares';
import { floatBasis } from '@tapewatch/functions/domain/short-interest/short-interest-table';
import { roc } from '@tapewatch/functions/domain/factor-analysis/series';
import {
  BY_STRIKE_LOOKBACK,
  CUMULATIVE_LOOKBACK,
  TOP_PREMIUMS_LOOKBACKS,
} from '@tapewatch/shared/params/flow-cumulative-top';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { underlyingOn } from '@tapewatch/functions/providers/demo/flow-universe';
import { MAX_SUMMARY_DAYS } from '@tapewatch/functions/data/flow-summaries';
import { tradingDaysBetween } from '@tapewatch/functions/domain/calendar/nyse';
import { addDays } from '@tapewatch/functions/domain/sectors/calendar';
import { MONTHS, seasonalityWindowStart } from '@tapewatch/functions/domain/flow/seasonality';
import { DEMO_SEED } from '@tapewatch/functions/providers/demo/demo-provider';
import { flowSimSeed, simulateFlowDay } from '@tapewatch/functions/providers/demo/flow-simulator';
import type { FlowUnderlying } from '@tapewatch/functions/providers/demo/flow-simulator-universe';
import { readBundle } from './load-demo.ts';
import { buildDirectory, readStocks } from './universe.ts';

const etfs = readBundle().series;
const stocks = new Map<string, DailySeries>([...readStocks()].map((s) => [s.ticker, s.series]));
const directory = buildDirectory([...etfs.keys()]);
const entry = new Map(directory.map((e) => [e.symbol, e]));

/**
 * The counts are quoted from the filings as remembered, not fetched while writing this (only Alphabet's
 * was checked against its 10-Q text); "about" marks rounded ones. The 15% tolerance covers small slips.
 * Shares outstanding as printed on the cover page of each company's last 10-K or 10-Q filed on or
 * before 2024-03-08 (SEC EDGAR), times that day's close: the market cap published for the day.
 *  MSFT 10-Q filed 2024-01-30: 7,432,216,000 (2024-01-24) · AAPL 10-Q filed 2024-02-02: 15,441,881,000
 *  (2024-01-19) · NVDA 10-K filed 2024-02-21: 2.5 billion (2024-02-16) · AMZN 10-K filed 2024-02-02:
 *  10,387,381,439 (2024-01-19) · Alphabet 10-K filed 2024-01-31: about 12.4 billion Class A, B and C
 *  together (cover date 2024-01-23; the Q1 2024 10-Q's basic count is 5,883M A + 869M B + 5,663M C;
 *  the company once, priced at GOOGL) · META 10-K filed 2024-02-02: 2,200,048,907
 *  Class A + 349,356,199 Class B (2024-01-26) · LLY 10-K filed 2024-02-21: about 950 million · AVGO
 *  10-K filed 2023-12-14: about 468 million (after the VMware shares) · TSLA 10-K filed 2024-01-29:
 *  3,184,790,415 (2024-01-22) · V 10-Q filed 2024-01-25: about 2.03 billion Class A equivalents (B and
 *  C as converted) · JPM 10-K filed 2024-02-16: about 2.87 billion.
 * Closes of 2024-03-08 (Yahoo, the bundle's own): 406.22, 170.73, 875.28, 175.35, 135.41, 505.95,
 * 762.14, 1308.72, 175.34, 280.04, 188.22.
 */
const PUBLISHED_CAP_2024_03_08: Record<string, number> = {
  MSFT: 7.432216e9 * 406.22,
  AAPL: 15.441881e9 * 170.73,
  NVDA: 2.5e9 * 875.28,
  AMZN: 10.387381e9 * 175.35,
  GOOGL: 12.4e9 * 135.41,
  META: (2.200049e9 + 0.349356e9) * 505.95,
  LLY: 0.95e9 * 762.14,
  AVGO: 0.468e9 * 1308.72,
  TSLA: 3.18479e9 * 175.34,
  V: 2.03e9 * 280.04,
  JPM: 2.87e9 * 188.22,
};

function capsAt(date: string): Array<{ ticker: string; cap: number }> {
  const out: Array<{ ticker: string; cap: number }> = [];
  for (const [ticker, s] of stocks) {
    const e = entry.get(ticker)!;
    const i = s.date.lastIndexOf(date);
    // The market map's rule: a secondary share class is the same company (Alphabet once).
    const shares = sharesOn(e, date);
    if (i < 0 || shares === null || e.share_class_of) continue;
    out.push({ ticker, cap: shares * s.close[i]! });
  }
  return out.sort((a, b) => b.cap - a.cap);
}

describe('market caps at the demo date', () => {
  it('the ten largest are within 15% of the caps published that day', () => {
    const top = capsAt(DEMO_AS_OF).slice(0, 10);
    expect(top.slice(0, 3).map((t) => t.ticker)).toEqual(['MSFT', 'AAPL', 'NVDA']);
    for (const { ticker, cap } of top) {
      const published = PUBLISHED_CAP_2024_03_08[ticker];
      expect(published, `${ticker} is not among the largest companies of 2024-03-08`).toBeDefined();
      expect(
        Math.abs(cap / published! - 1),
        `${ticker} ${(cap / 1e9).toFixed(0)}B vs ${(published! / 1e9).toFixed(0)}B`,
      ).toBeLessThan(0.15);
    }
  });

  it('names and exchanges are those of the demo date (issue 41)', () => {
    expect(entry.get('PLTR')!.exchange).toBe('NYSE');
    expect(entry.get('AAPL')!.exchange).toBe('NASDAQ');
    expect(entry.get('SPY')!.company).toBe('SPDR S&P 500 ETF Trust');
    expect(entry.get('XLK')!.company).toBe('Technology Select Sector SPDR Fund');
    expect(entry.get('IWM')!.company).toBe('iShares Russell 2000 ETF');
    expect(
      directory.filter((e) => e.kind === 'etf' && e.company.startsWith('State Street')).map((e) => e.symbol),
    ).toEqual([]);
  });

  it('Alphabet is one company: GOOG points to GOOGL', () => {
    expect(entry.get('GOOG')?.share_class_of).toBe('GOOGL');
    expect(entry.get('GOOGL')?.share_class_of).toBeUndefined();
  });

  it("no stock's implied market cap changes by more than 3x between consecutive days", () => {
    const jumps: string[] = [];
    for (const [ticker, s] of stocks) {
      const e = entry.get(ticker)!;
      for (let i = 1; i < s.close.length; i++) {
        // The cap the product would show each day (none before a merger that changed the count).
        const [before, after] = [sharesOn(e, s.date[i - 1]!), sharesOn(e, s.date[i]!)];
        if (before === null || after === null) continue;
        const ratio = (after * s.close[i]!) / (before * s.close[i - 1]!);
        if (!(ratio <= 3 && ratio >= 1 / 3)) jumps.push(`${ticker} ${s.date[i]} x${ratio.toFixed(2)}`);
      }
    }
    expect(jumps).toEqual([]);
    expect([...stocks.keys()].filter((t) => entry.get(t)!.shares_outstanding !== null).length).toBeGreaterThan(450);
  });
});

describe('adjusted closes at the source precision', () => {
  it("AAPL's 20-day ROC on 2017-08-08 is 9.9979%, under the momentum threshold (cents gave 10.0054%)", () => {
    const s = stocks.get('AAPL')!;
    const i = s.date.indexOf('2017-08-08');
    // Yahoo adj_close 37.512547 on 2017-08-08 and 34.102966 on 2017-07-11 (source rows, 6 decimals).
    expect([s.adjClose![i], s.adjClose![i - 20]]).toEqual([37.512547, 34.102966]);
    expect(roc(s.adjClose!, 20)[i]).toBeCloseTo(9.9979, 4);
  });

  it('ETF closes keep 6 decimals: XLF 2009-03-05 is the source 3.760660409927368 to the millionth', () => {
    const xlf = etfs.get('XLF')!;
    expect(xlf.close[xlf.date.indexOf('2009-03-05')]).toBe(3.76066);
  });
});

// biome-ignore lint/correctness/usePlaywrightValidDescribeCallback: a Playwright rule; vitest awaits an async describe while collecting, which builds the block's fixture once
describe('short interest of the demo universe (last 24 settlements)', async () => {
  const provider = createDemoProvider({
    directory: async () => directory,
    series: async (t) => stocks.get(t) ?? etfs.get(t)!,
    today: () => DEMO_AS_OF,
  });
  const dates = shortInterestSettlementDates('2023-01-01', DEMO_AS_OF).slice(-24);
  const files = await Promise.all(dates.map((d) => provider.shortInterest(d)));
  const last = files.at(-1)!.rows;
  // Each listed class's own float basis (GOOGL: Class A alone), as the product computes %float.
  const shares = (symbol: string): DirectoryEntry['shares_outstanding'] => {
    const e = entry.get(symbol.replace('/', '.'));
    return e ? floatBasis(e) : null;
  };
  const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))]!;
  const pct = last.flatMap((r) => (shares(r.symbol) ? [r.currentShortInterest / shares(r.symbol)!] : []));
  const dtc = last.map((r) => r.daysToCover!);

  it('large caps mostly 0.5-3% of shares and 1-4 days to cover; a tail above 10%, none above 35%', () => {
    expect(pct.length).toBeGreaterThan(100);
    expect(q(pct, 0.5)).toBeGreaterThan(0.005);
    expect(q(pct, 0.5)).toBeLessThan(0.03);
    expect(q(pct, 0.1)).toBeGreaterThan(0.002);
    expect(q(dtc, 0.5)).toBeGreaterThan(1);
    expect(q(dtc, 0.5)).toBeLessThan(4);
    expect(q(dtc, 0.75)).toBeLessThan(6);
    expect(Math.max(...pct)).toBeLessThan(0.35);
    expect(pct.filter((x) => x > 0.1).length / pct.length).toBeLessThan(0.1);
  });

  it('calibrated to the published S&P 500 distribution (issue 37): median ~2% of shares, 2-3 days to cover, few above 10%', () => {
    // Goldman Sachs' median S&P 500 short interest, 1.8-2.0% of market cap in 2021-2024 (see finra-short-interest.ts).
    expect(q(pct, 0.5)).toBeGreaterThan(0.012);
    expect(q(pct, 0.5)).toBeLessThan(0.03);
    expect(q(dtc, 0.5)).toBeGreaterThan(1.5);
    expect(q(dtc, 0.5)).toBeLessThan(3.5);
    expect(pct.filter((x) => x > 0.1).length / pct.length).toBeLessThan(0.04);
    // Early 2024 (FINRA/Nasdaq, as remembered): NVDA ~1.1% of float, AAPL ~0.7%, KLAC ~2% and 2-3 days.
    const of = (symbol: string) => {
      const row = last.find((r) => r.symbol === symbol)!;
      return { pct: row.currentShortInterest / shares(symbol)!, dtc: row.daysToCover! };
    };
    expect(of('NVDA').pct).toBeGreaterThan(0.005);
    expect(of('NVDA').pct).toBeLessThan(0.025);
    expect(of('AAPL').pct).toBeGreaterThan(0.003);
    expect(of('AAPL').pct).toBeLessThan(0.015);
    expect(of('KLAC').pct).toBeGreaterThan(0.01);
    expect(of('KLAC').pct).toBeLessThan(0.04);
    expect(of('KLAC').dtc).toBeLessThan(6);
  });

  it("Alphabet's classes: short interest in the range of each class's own float, not zero, not against the whole company", () => {
    // Q1 2024 10-Q basic counts: Class A 5,883M (GOOGL), Class C 5,663M (GOOG); Alphabet A + B + C ~12.4B.
    expect([entry.get('GOOGL')?.class_shares_outstanding, entry.get('GOOG')?.class_shares_outstanding]).toEqual([
      5_883e6, 5_663e6,
    ]);
    for (const symbol of ['GOOGL', 'GOOG']) {
      const row = last.find((r) => r.symbol === symbol)!;
      const ofClass = row.currentShortInterest / shares(symbol)!;
      // Real GOOGL / GOOG short interest early 2024: about 1% of each class (tens of millions of shares).
      expect(ofClass, symbol).toBeGreaterThan(0.003);
      expect(ofClass, symbol).toBeLessThan(0.03);
      expect(shares(symbol)! / entry.get(symbol)!.shares_outstanding!).toBeLessThan(0.5);
    }
    // The other multi-class companies have no sourced class count: no %float, never the company's.
    for (const symbol of ['FOXA', 'FOX', 'NWSA', 'NWS']) expect(shares(symbol), symbol).toBeNull();
  });

  it('each name moves every settlement (no clamp repeats a figure) and previous is the prior file', () => {
    for (let i = 1; i < files.length; i++) {
      const before = new Map(files[i - 1]!.rows.map((r) => [r.symbol, r.currentShortInterest]));
      for (const r of files[i]!.rows) {
        expect(r.currentShortInterest).not.toBe(r.previousShortInterest);
        if (before.has(r.symbol)) expect(r.previousShortInterest).toBe(before.get(r.symbol));
      }
    }
  });
});

describe("options flow history: every flow screen's longest lookback has data", () => {
  const flow = schedules.find((d) => d.name === 'flow-ingest')!;
  const first = addDays(DEMO_AS_OF, -flow.demoBackfillDays! + 1);
  // The backfilled trading days, newest first; the demo date itself is the session in progress.
  const stored = tradingDaysBetween(first, DEMO_AS_OF).reverse();
  const completed = stored.filter((d) => d < DEMO_AS_OF);
  const universeOn = (date: string): FlowUnderlying[] =>
    directory.flatMap((e) => {
      const s = e.kind === 'stock' ? stocks.get(e.symbol) : e.kind === 'etf' ? etfs.get(e.symbol) : undefined;
      const u = s ? underlyingOn(e.symbol, e.kind as 'stock' | 'etf', s, date) : null;
      return u ? [u] : [];
    });

  it('the demo backfill is the year 2023-03-09..2024-03-08 (252 trading days)', () => {
    expect([first, stored.at(-1), stored[0], stored.length]).toEqual(['2023-03-09', '2023-03-09', DEMO_AS_OF, 252]);
  });

  it('Top Premiums (100 days) and Cumulative Stats (40 days) have that many completed days, and the views read that many', () => {
    const longest = Math.max(...TOP_PREMIUMS_LOOKBACKS.map(Number), CUMULATIVE_LOOKBACK.max, BY_STRIKE_LOOKBACK.max);
    expect(longest).toBe(100);
    expect(completed.length).toBeGreaterThanOrEqual(longest);
    expect(MAX_SUMMARY_DAYS).toBeGreaterThanOrEqual(longest);
  });

  it('seasonality: the 12-month window is all stored, with days in every month', () => {
    const window = completed.filter((d) => d > seasonalityWindowStart(DEMO_AS_OF));
    // The oldest stored day is the first trading day of the window: nothing in the window is missing.
    expect(window.at(-1)).toBe(stored.at(-1));
    expect(tradingDaysBetween(addDays(seasonalityWindowStart(DEMO_AS_OF), 1), addDays(DEMO_AS_OF, -1))).toEqual(
      [...window].reverse(),
    );
    const months = new Set(window.map((d) => Number(d.slice(5, 7)) - 1));
    expect([...months].sort((a, b) => a - b).map((m) => MONTHS[m])).toEqual([...MONTHS]);
  });

  it('the simulator trades on the far end of every lookback (real bars there for the whole universe)', () => {
    const seed = flowSimSeed(DEMO_SEED);
    for (const date of [completed[CUMULATIVE_LOOKBACK.max - 1]!, completed[99]!, completed.at(-1)!]) {
      const universe = universeOn(date);
      expect(universe.length, date).toBeGreaterThan(450);
      const records = simulateFlowDay({ date, universe, seed });
      expect(records.length, date).toBeGreaterThan(2000);
      expect(new Set(records.map((r) => r.ticker)).has('SPY'), date).toBe(true);
      expect(records.every((r) => r.date === date)).toBe(true);
    }
  });
});
