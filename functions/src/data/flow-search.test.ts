import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlowFilter, FlowTrade } from '@tapewatch/shared/schemas/flow';
import { compileFilters } from '@tapewatch/shared/flow/filters';
import { compareNewestFirst } from '@tapewatch/shared/flow/order';
import { trade } from '../domain/flow/test-trade.ts';
import type { DayRead, FlowRepository } from './flow-repository.ts';
import { clearPastDays, scanFlow, searchFlow } from './flow-search.ts';
import { gunzipSync } from 'node:zlib';

const gunzip64 = (base64: string) => gunzipSync(Buffer.from(base64, 'base64'));
import { HistoricalAnswerWriter, ROWS_PER_SEGMENT } from '../domain/flow/answer-writer.ts';
import { keyStats, largestPremiums } from '@tapewatch/shared/flow/key-stats';

const TICKERS = ['SPY', 'AAPL', 'NVDA', 'RARE'];

function isoDay(i: number): string {
  return new Date(Date.UTC(2023, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An in-memory flow table: `days` listed days (oldest first in `dates`), each with trades in store
 * order (unsorted, as DynamoDB returns chunks); `unlisted` days exist only in the ticker index (live
 * trades not yet ingested). Counts the reads the search makes.
 */
function memoryRepo(byDay: Map<string, FlowTrade[]>, listed: readonly string[]) {
  clearPastDays();
  const stats = { dayReads: 0, tickerDaysRead: 0 };
  const repo = {
    listDays: async (from: string, to: string) =>
      listed
        .filter((d) => d >= from && d <= to)
        .sort()
        .reverse()
        .map((date) => ({ date, trades: byDay.get(date)?.length ?? 0 })),
    readDay: async (date: string): Promise<DayRead> => {
      stats.dayReads += 1;
      return { trades: [...(byDay.get(date) ?? [])], items: 1, liveCursor: 'L#' };
    },
    async *readTickerDays(ticker: string, from: string, to: string) {
      for (const date of [...byDay.keys()].sort().reverse()) {
        if (date < from || date > to) continue;
        const trades = byDay.get(date)!.filter((t) => t.ticker === ticker);
        if (trades.length === 0) continue;
        stats.tickerDaysRead += 1;
        yield { date, trades, items: trades.length, liveCursor: 'L#' };
      }
    },
  } as unknown as FlowRepository;
  return { repo, stats };
}

const tradeArb = (date: string) =>
  fc
    .record({
      ticker: fc.constantFrom(...TICKERS.slice(0, 3)),
      time: fc.integer({ min: 9 * 3600 + 1800, max: 16 * 3600 }),
      put_call: fc.constantFrom('Call' as const, 'Put' as const),
      cost_basis: fc.integer({ min: 1, max: 2000 }),
      size: fc.integer({ min: 1, max: 50 }),
    })
    .map((p) =>
      trade({
        ...p,
        date,
        time: new Date(p.time * 1000).toISOString().slice(11, 19),
      }),
    );

/** 30 days of 0-40 trades, a few listed days missing (only in the index), RARE on a handful. */
const storeArb = fc
  .tuple(
    fc.array(fc.array(fc.integer(), { maxLength: 40 }), { minLength: 30, maxLength: 30 }),
    fc.array(fc.integer({ min: 0, max: 29 }), { maxLength: 3 }),
    fc.array(fc.integer({ min: 0, max: 29 }), { maxLength: 4 }),
  )
  .chain(([sizes, unlisted, rare]) =>
    fc
      .tuple(...sizes.map((s, i) => fc.array(tradeArb(isoDay(i)), { minLength: s.length, maxLength: s.length })))
      .map((days) => {
        const byDay = new Map<string, FlowTrade[]>();
        days.forEach((trades, i) => {
          const list = [...trades];
          if (rare.includes(i)) list.push(trade({ ticker: 'RARE', date: isoDay(i), time: '12:00:00' }));
          byDay.set(isoDay(i), list);
        });
        return { byDay, listed: [...byDay.keys()].filter((_, i) => !unlisted.includes(i)) };
      }),
  );

const filterArb: fc.Arbitrary<FlowFilter[]> = fc.array(
  fc.oneof(
    fc.record({
      filter: fc.constant('Premium' as const),
      selector: fc.constantFrom('Greater than equal' as const, 'Smaller than' as const),
      value: fc.integer({ min: 1, max: 2000 }).map(String),
    }),
    fc.record({
      filter: fc.constant('Call/Put' as const),
      selector: fc.constant('Equal' as const),
      value: fc.constantFrom('Call', 'Put'),
    }),
    fc.record({
      filter: fc.constant('Ticker' as const),
      selector: fc.constant('Equal' as const),
      tickers: fc.subarray(TICKERS, { minLength: 1 }),
    }),
  ),
  { maxLength: 3 },
);

/** The reference: every listed day's trades in the range, filtered, sorted, the first `rows`. */
function fullScan(
  byDay: Map<string, FlowTrade[]>,
  listed: readonly string[],
  range: { start: string; end: string },
  filters: FlowFilter[],
  rows: number,
): FlowTrade[] {
  const { predicate } = compileFilters(filters.map((f) => ({ ...f, value: f.value ?? null })));
  return listed
    .filter((d) => d >= range.start && d <= range.end)
    .flatMap((d) => byDay.get(d)!)
    .filter(predicate)
    .sort(compareNewestFirst)
    .slice(0, rows);
}

const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 29 }))
  .map(([a, b]) => ({ start: isoDay(Math.min(a, b)), end: isoDay(Math.max(a, b)) }));

describe('historical search stopped early', () => {
  it('answers the same first rows as a full scan then sort, for random filters and ranges', async () => {
    await fc.assert(
      fc.asyncProperty(
        storeArb,
        rangeArb,
        filterArb,
        fc.integer({ min: 1, max: 60 }),
        async (store, range, filters, rows) => {
          const { repo } = memoryRepo(store.byDay, store.listed);
          const r = await searchFlow(repo, range, filters, { rows, scan: 1_000_000 });
          const expected = fullScan(store.byDay, store.listed, range, filters, rows);
          expect(r.trades.map((t) => t.key)).toEqual(expected.map((t) => t.key));
          expect(r.rows).toEqual(expected.map((t) => JSON.stringify(t)));
          const all = fullScan(store.byDay, store.listed, range, filters, Number.MAX_SAFE_INTEGER);
          if (all.length > rows) expect(r.capped).toBe(true);
          if (all.length < rows) expect(r.capped).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives identical answers with the ticker filter pushed into the index as with whole days filtered', async () => {
    await fc.assert(
      fc.asyncProperty(
        storeArb,
        rangeArb,
        filterArb,
        fc.subarray(TICKERS, { minLength: 1 }),
        async (store, range, filters, tickers) => {
          const withTicker: FlowFilter[] = [
            ...filters.filter((f) => f.filter !== 'Ticker'),
            { filter: 'Ticker', selector: 'Equal', tickers },
          ];
          // The reference filters whole days trade by trade; the search reads only the index.
          const { repo, stats } = memoryRepo(store.byDay, store.listed);
          const pushed = await searchFlow(repo, range, withTicker, { rows: 25, scan: 1_000_000 });
          expect(stats.dayReads).toBe(0);
          expect(pushed.trades).toEqual(fullScan(store.byDay, store.listed, range, withTicker, 25));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stops reading the ticker index at the day that completes the rows', async () => {
    const byDay = new Map<string, FlowTrade[]>();
    for (let i = 0; i < 300; i++)
      byDay.set(isoDay(i), [
        trade({ ticker: 'NVDA', date: isoDay(i), time: '10:00:00' }),
        trade({ ticker: 'SPY', date: isoDay(i) }),
      ]);
    const { repo, stats } = memoryRepo(byDay, [...byDay.keys()]);
    const r = await searchFlow(
      repo,
      { start: isoDay(0), end: isoDay(299) },
      [{ filter: 'Ticker', selector: 'Equal', tickers: ['NVDA'] }],
      {
        rows: 4,
        scan: 1_000_000,
      },
    );
    expect(r.trades.map((t) => t.date)).toEqual([isoDay(299), isoDay(298), isoDay(297), isoDay(296)]);
    expect(r.capped).toBe(true);
    expect(r.scanned).toBe(4);
    expect(stats.tickerDaysRead).toBeLessThanOrEqual(5);
  });

  it('stops at the scan bound and says capped', async () => {
    const byDay = new Map<string, FlowTrade[]>();
    for (let i = 0; i < 20; i++)
      byDay.set(
        isoDay(i),
        Array.from({ length: 10 }, () => trade({ date: isoDay(i), cost_basis: 1 })),
      );
    const { repo, stats } = memoryRepo(byDay, [...byDay.keys()]);
    const rare = [{ filter: 'Premium' as const, selector: 'Greater than equal' as const, value: '5000' }];
    const r = await searchFlow(repo, { start: isoDay(0), end: isoDay(19) }, rare, { rows: 10, scan: 50 });
    expect(r).toMatchObject({ trades: [], capped: true, scanned: 50 });
    // Five days scanned, and at most the next one read ahead.
    expect(stats.dayReads).toBeGreaterThanOrEqual(5);
    expect(stats.dayReads).toBeLessThanOrEqual(6);
  });
});

describe("historical answer bytes (the handler's fast path)", () => {
  /** The straightforward answer: the search's trades, their stats, JSON.stringify of the whole. */
  const reference = async (
    repo: FlowRepository,
    range: { start: string; end: string },
    filters: FlowFilter[],
    rows: number,
  ) => {
    const r = await searchFlow(repo, range, filters, { rows, scan: 1_000_000 });
    return JSON.stringify({
      options_flow: r.trades,
      largest_call_premiums: largestPremiums(r.trades, 'Call'),
      largest_put_premiums: largestPremiums(r.trades, 'Put'),
      key_stats: keyStats(r.trades),
      capped: r.capped,
      scanned: r.scanned,
      first_date: '2023-01-02',
    });
  };
  const fast = async (
    repo: FlowRepository,
    range: { start: string; end: string },
    filters: FlowFilter[],
    rows: number,
  ) => {
    const writer = new HistoricalAnswerWriter();
    const { capped, scanned } = await scanFlow(repo, range, filters, { limits: { rows, scan: 1_000_000 } }, (d, i) =>
      writer.add(d, i),
    );
    return writer.finish({ capped, scanned, first_date: '2023-01-02' });
  };

  it('writes byte for byte the straightforward answer, for random filters and ranges, cold and with the days kept', async () => {
    const cases = fc.tuple(storeArb, rangeArb, filterArb, fc.integer({ min: 1, max: 60 }));
    const check = async ([store, range, filters, rows]: typeof cases extends fc.Arbitrary<infer V> ? V : never) => {
      const { repo } = memoryRepo(store.byDay, store.listed);
      const cold = await fast(repo, range, filters, rows);
      const json = await reference(repo, range, filters, rows);
      expect(cold.bytes().toString('utf8')).toBe(json);
      expect(cold.byteLength).toBe(Buffer.byteLength(json));
      expect(gunzip64(await cold.gzipBase64()).toString('utf8')).toBe(json);
      // The second answer comes from the kept days (and their bytes), the rows already made.
      expect((await fast(repo, range, filters, rows)).bytes().equals(cold.bytes())).toBe(true);
    };
    await fc.assert(fc.asyncProperty(cases, check), { numRuns: 150 });
  });

  it("gzips from the days' kept segments byte for byte the same JSON, whatever rows the filters cut", async () => {
    // Days longer than a segment, so answers hold whole segments, cut ones, and days' last segments.
    const sizes = [3 * ROWS_PER_SEGMENT + 7, ROWS_PER_SEGMENT, ROWS_PER_SEGMENT + 1, 5];
    const bigStore = fc
      .tuple(...sizes.map((n, i) => fc.array(tradeArb(isoDay(i)), { minLength: n, maxLength: n })))
      .map((days) => new Map(days.map((trades, i) => [isoDay(i), trades] as const)));
    const cases = fc.tuple(
      bigStore,
      fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
      fc.integer({ min: 1, max: 1000 }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ([byDay, floor, rows]) => {
        const { repo } = memoryRepo(byDay, [...byDay.keys()]);
        const range = { start: isoDay(0), end: isoDay(sizes.length - 1) };
        const filters: FlowFilter[] =
          floor === undefined ? [] : [{ filter: 'Premium', selector: 'Greater than equal', value: String(floor) }];
        const json = await reference(repo, range, filters, rows);
        for (const pass of ['cold', 'segments kept']) {
          const answer = await fast(repo, range, filters, rows);
          expect(gunzip64(await answer.gzipBase64()).toString('utf8'), pass).toBe(json);
          expect(answer.bytes().toString('utf8'), pass).toBe(json);
          // Without filters every whole segment of the rows answered is kept.
          if (floor === undefined && rows > 2 * ROWS_PER_SEGMENT) expect(answer.keptShare).toBeGreaterThan(0.5);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('counts bytes, not characters, for rows beyond ASCII', async () => {
    const byDay = new Map([[isoDay(0), [trade({ ticker: 'ÄPFEL', date: isoDay(0) }), trade({ date: isoDay(0) })]]]);
    const { repo } = memoryRepo(byDay, [isoDay(0)]);
    const range = { start: isoDay(0), end: isoDay(0) };
    const answer = await fast(repo, range, [], 10);
    const json = await reference(repo, range, [], 10);
    expect(answer.bytes().toString('utf8')).toBe(json);
    expect(gunzip64(await answer.gzipBase64()).toString('utf8')).toBe(json);
  });
});

describe('ticker days kept per container', () => {
  const byDay = new Map<string, FlowTrade[]>();
  for (let i = 0; i < 40; i++)
    byDay.set(isoDay(i), [
      trade({ ticker: 'NVDA', date: isoDay(i), time: '10:00:00', cost_basis: i }),
      trade({ ticker: 'NVDA', date: isoDay(i), time: '11:00:00', cost_basis: 100 + i }),
      trade({ ticker: 'SPY', date: isoDay(i) }),
    ]);
  const range = { start: isoDay(0), end: isoDay(39) };
  const nvda = (min: number): FlowFilter[] => [
    { filter: 'Ticker', selector: 'Equal', tickers: ['NVDA'] },
    { filter: 'Premium', selector: 'Greater than equal', value: String(min) },
  ];

  it("answers a ticker's next query (another filter) from the kept past days, reading the index no more", async () => {
    const { repo, stats } = memoryRepo(byDay, [...byDay.keys()]);
    const first = await searchFlow(repo, range, nvda(1), { rows: 1000, scan: 1_000_000 }, isoDay(39));
    const reads = stats.tickerDaysRead;
    expect(reads).toBe(40);
    const second = await searchFlow(repo, range, nvda(20), { rows: 1000, scan: 1_000_000 }, isoDay(39));
    // Today (the range's last day) is read again; the 39 closed days come from memory.
    expect(stats.tickerDaysRead - reads).toBe(1);
    expect(second.trades).toEqual(fullScan(byDay, [...byDay.keys()], range, nvda(20), 1000));
    expect(first.trades).toEqual(fullScan(byDay, [...byDay.keys()], range, nvda(1), 1000));
  });

  it("takes today's ticker rows from the kept payload when there is one: what the index gives", async () => {
    const { repo, stats } = memoryRepo(byDay, [...byDay.keys()]);
    const today = isoDay(39);
    const payload = { trades: [...byDay.get(today)!].sort(compareNewestFirst), rows: [] };
    const kept = await searchFlow(
      repo,
      range,
      nvda(0),
      { rows: 1000, scan: 1_000_000 },
      today,
      undefined,
      async () => payload,
    );
    expect(stats.dayReads).toBe(0);
    const { repo: fresh } = memoryRepo(byDay, [...byDay.keys()]);
    expect(kept).toEqual(await searchFlow(fresh, range, nvda(0), { rows: 1000, scan: 1_000_000 }, today));
  });
});
