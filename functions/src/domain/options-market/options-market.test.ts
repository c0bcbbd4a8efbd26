import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blackScholes } from '../../analytics/black-scholes.ts';
import { addDays, dayOfWeek } from '../calendar/dates.ts';
import { nextTradingDay } from '../calendar/nyse.ts';
import { applyPrints, totalOpenInterest } from './open-interest.ts';
import { optionsMarket, type ChainRow } from './market.ts';
import { fineInterval, isOnStrikeGrid, MAX_STRIKES_PER_EXPIRY } from './strikes.ts';
import { listedExpirations } from './expirations.ts';
import { hashString } from '../../analytics/seeded-random.ts';
import { liquidityOf, type Liquidity, type UnderlyingDay } from './underlying.ts';
import { AAPL, KLAC, NVDA, SAMPLE_UNDERLYINGS, SPY } from './test-underlying.ts';

const SEED = 7;

// Any underlying the demo universe could hold: $3-$8,000 (NVR), 8%-150% vol, $20M-$40B a day.
const anyUnderlying = fc
  .record({
    close: fc.double({ min: 3, max: 8000, noNaN: true }),
    vol: fc.double({ min: 0.08, max: 1.5, noNaN: true }),
    dollarVolume: fc.double({ min: 2e7, max: 4e10, noNaN: true }),
    etf: fc.boolean(),
    move: fc.double({ min: 0.85, max: 1.15, noNaN: true }),
    day: fc.integer({ min: 0, max: 360 }),
  })
  .map(
    (p): UnderlyingDay => ({
      symbol: p.etf ? 'XLK' : 'ABC',
      kind: p.etf ? 'etf' : 'stock',
      date: nextTradingDay(addDays('2023-03-08', p.day)),
      close: p.close,
      prevClose: p.close / p.move,
      realisedVol: p.vol,
      longVol: p.vol * 0.9,
      dollarVolume: p.dollarVolume,
      rangeLow: Math.min(p.close, p.close / p.move),
      rangeHigh: Math.max(p.close, p.close / p.move),
      drawdown: 0,
    }),
  );

describe('listing', () => {
  it('lists every strike on its exchange grid, ascending and unique, for any price', () => {
    fc.assert(
      fc.property(anyUnderlying, (u) => {
        const m = optionsMarket(u, SEED);
        for (const e of m.expirations) {
          const ks = m.strikes(e.expiry);
          expect(ks.length).toBeGreaterThanOrEqual(2);
          for (let i = 0; i < ks.length; i += 1) {
            expect(isOnStrikeGrid(ks[i]!, m.liquidity)).toBe(true);
            if (i > 0) expect(ks[i]!).toBeGreaterThan(ks[i - 1]!);
          }
        }
      }),
      { numRuns: 60, seed: 37 },
    );
  });

  it('uses the interval rules: SPY $1, NVDA $5, AAPL $2.50 near the money; a thin $690 name the $10 standard', () => {
    const near = (u: UnderlyingDay): number => {
      const m = optionsMarket(u, SEED);
      const ks = m.strikes(m.expirations[0]!.expiry).filter((k) => Math.abs(k / u.close - 1) < 0.03);
      return Math.min(...ks.slice(1).map((k, i) => Math.round((k - ks[i]!) * 100) / 100));
    };
    expect(near(SPY)).toBe(1);
    expect(near(NVDA)).toBe(5);
    expect(near(AAPL)).toBe(2.5);
    expect(near(KLAC)).toBe(10);
    expect(fineInterval(20, 'liquid')).toBe(0.5);
    expect(isOnStrikeGrid(2539, 'liquid')).toBe(false);
    expect(isOnStrikeGrid(3133, 'liquid')).toBe(false);
  });

  it('lists at most the real IWM chain busiest expiration of strikes per single-name expiration, wider far out', () => {
    // BKNG on 2024-03-08: the rule intervals alone ($5 near, $10 out to -80%..+150%) listed 16,388 contracts.
    const bkng: UnderlyingDay = {
      ...NVDA,
      symbol: 'BKNG',
      close: 3485.7,
      prevClose: 3500,
      realisedVol: 0.25,
      longVol: 0.25,
      dollarVolume: 1.3e9,
      rangeLow: 3428,
      rangeHigh: 3902,
    };
    const m = optionsMarket(bkng, SEED);
    const counts = m.expirations.map((e) => m.strikes(e.expiry).length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_STRIKES_PER_EXPIRY);
    expect(Math.min(...counts)).toBeGreaterThan(50);
    const leaps = m.strikes(m.expirations.at(-1)!.expiry);
    const gaps = leaps.slice(1).map((k, i) => k - leaps[i]!);
    // Near the money finer than in the wings, every strike on the grid.
    expect(Math.min(...gaps)).toBeLessThan(Math.max(...gaps));
    expect(leaps.every((k) => isOnStrikeGrid(k, m.liquidity))).toBe(true);
    // Index ETFs list by their own programme: SPY's busiest expirations list more.
    const spy = optionsMarket(SPY, SEED);
    const spyCounts = spy.expirations.map((e) => spy.strikes(e.expiry).length);
    expect(Math.max(...spyCounts)).toBeGreaterThan(MAX_STRIKES_PER_EXPIRY);
  });

  it('shares a listing between names of one date only when their listing programme is the same', () => {
    // Memoized per (date, liquidity, programme): a key too coarse would hand one name another's listing.
    const months = (symbol: string, liquidity: Liquidity) =>
      listedExpirations('2024-03-08', symbol, liquidity).map((e) => `${e.expiry}:${e.kind}`);
    const thin = ['KLAC', 'ABC', 'XYZ', 'MNO', 'QRS', 'TUV'];
    const cycles = new Map(thin.map((t) => [hashString(t) % 3, t]));
    expect(cycles.size).toBe(3);
    const byCycle = [...cycles.values()].map((t) => months(t, 'thin'));
    expect(new Set(byCycle.map((l) => l.join())).size).toBe(3);
    expect(months('SPY', 'index')).not.toEqual(months('XLK', 'index'));
    expect(months('SPY', 'index')).toEqual(months('QQQ', 'index'));
    expect(listedExpirations('2024-03-08', 'NVDA', 'liquid')).toBe(listedExpirations('2024-03-08', 'AAPL', 'liquid'));
    expect(Object.isFrozen(listedExpirations('2024-03-08', 'NVDA', 'liquid'))).toBe(true);
  });

  it('lists monthlies on third Fridays, dailies only for SPY/QQQ/IWM, weeklies only for liquid names, January LEAPS', () => {
    const kinds = (u: UnderlyingDay) => optionsMarket(u, SEED).expirations;
    const spy = kinds(SPY);
    expect(spy.filter((e) => e.kind === 'daily').length).toBeGreaterThan(5);
    expect(spy.some((e) => e.kind === 'quarterly' && e.expiry === '2024-03-28')).toBe(true);
    for (const u of SAMPLE_UNDERLYINGS) {
      for (const e of kinds(u)) {
        expect(e.expiry > u.date).toBe(true);
        if (e.kind === 'monthly' || e.kind === 'leaps') {
          const d = +e.expiry.slice(8, 10);
          expect(dayOfWeek(e.expiry) === 5 || dayOfWeek(e.expiry) === 4).toBe(true);
          expect(d >= 14 && d <= 21).toBe(true);
        }
      }
      expect(kinds(u).some((e) => e.kind === 'leaps' && e.expiry.slice(5, 7) === '01')).toBe(true);
    }
    expect(kinds(NVDA).some((e) => e.kind === 'weekly')).toBe(true);
    expect(kinds(NVDA).some((e) => e.kind === 'daily')).toBe(false);
    expect(kinds(KLAC).map((e) => e.kind)).not.toContain('weekly');
    expect(liquidityOf(KLAC)).toBe('thin');
  });

  it('contracts appear and expire: a series listed today is gone after its expiry, a new weekly appears', () => {
    const today = optionsMarket(AAPL, SEED);
    const first = today.expirations[0]!.expiry;
    const after = optionsMarket({ ...AAPL, date: addDays(first, 7) }, SEED);
    expect(after.expirations.map((e) => e.expiry)).not.toContain(first);
    const added = after.expirations.filter((e) => !today.expirations.some((t) => t.expiry === e.expiry));
    expect(added.some((e) => e.kind === 'weekly')).toBe(true);
    const c = today.contracts(first)[0]!;
    expect(today.contract(c.symbol)).toEqual(c);
    expect(after.contract(c.symbol)).toBeUndefined();
  });
});

function parityHolds(rows: readonly ChainRow[], S: number, r: number, q: number): number {
  const byKey = new Map(rows.map((x) => [`${x.expiry}|${x.strike}|${x.type}`, x]));
  let checked = 0;
  for (const c of rows) {
    if (c.type !== 'call') continue;
    const p = byKey.get(`${c.expiry}|${c.strike}|put`)!;
    const parity = S * Math.exp(-q * c.T) - c.strike * Math.exp(-r * c.T);
    // C - P = S e^{-qT} - K e^{-rT}, within what the quotes allow.
    expect(c.bid - p.ask).toBeLessThanOrEqual(parity + 1e-9);
    expect(c.ask - p.bid).toBeGreaterThanOrEqual(parity - 1e-9);
    checked += 1;
  }
  return checked;
}

describe('prices', () => {
  it('put-call parity holds within the spread on every chain', () => {
    for (const u of SAMPLE_UNDERLYINGS) {
      const m = optionsMarket(u, SEED);
      expect(parityHolds(m.chain(), u.close, m.r, m.q)).toBeGreaterThan(200);
    }
    fc.assert(
      fc.property(anyUnderlying, (u) => {
        const m = optionsMarket(u, SEED);
        expect(parityHolds(m.chain(), u.close, m.r, m.q)).toBeGreaterThanOrEqual(2 * m.expirations.length);
      }),
      { numRuns: 4, seed: 38 },
    );
  }, 30_000);

  it('Greeks are the closed form of the same surface, and bid <= theo <= ask', () => {
    const m = optionsMarket(NVDA, SEED);
    const rows = m.chain().filter((_, i) => i % 17 === 0);
    expect(rows.length).toBeGreaterThan(100);
    for (const x of rows) {
      expect(x.bid).toBeLessThanOrEqual(x.theo + 1e-9);
      expect(x.ask).toBeGreaterThanOrEqual(x.theo - 1e-9);
      const at = (S: number, sigma = x.iv, T = x.T) =>
        blackScholes({ S, K: x.strike, T, r: m.r, q: m.q, sigma, type: x.type }).price;
      const h = NVDA.close * 1e-4;
      expect(x.theo).toBeCloseTo(at(NVDA.close), 9);
      expect(x.delta).toBeCloseTo((at(NVDA.close + h) - at(NVDA.close - h)) / (2 * h), 5);
      expect(x.gamma).toBeCloseTo((at(NVDA.close + h) - 2 * at(NVDA.close) + at(NVDA.close - h)) / (h * h), 4);
      expect(x.vega).toBeCloseTo((at(NVDA.close, x.iv + 1e-4) - at(NVDA.close, x.iv - 1e-4)) / 2e-4 / 100, 5);
      // Theta per calendar day: minus the derivative in T, per 365th of a year.
      if (x.T > 3 / 365)
        expect(x.theta).toBeCloseTo(
          (at(NVDA.close, x.iv, x.T - 1e-5) - at(NVDA.close, x.iv, x.T + 1e-5)) / (2e-5 * 365),
          4,
        );
    }
  });
});

describe('open interest', () => {
  it('sums to the name size, sits near the money and on monthlies', () => {
    const m = optionsMarket(SPY, SEED);
    const rows = m.chain();
    const total = rows.reduce((a, x) => a + x.openInterest, 0);
    expect(total / totalOpenInterest(SPY.dollarVolume)).toBeGreaterThan(0.9);
    expect(total / totalOpenInterest(SPY.dollarVolume)).toBeLessThan(1.1);
    const mean = (xs: ChainRow[]) => xs.reduce((a, x) => a + x.openInterest, 0) / xs.length;
    const monthly = rows.filter((x) => x.expiry === '2024-04-19');
    const weekly = rows.filter((x) => x.expiry === '2024-04-12');
    expect(mean(monthly)).toBeGreaterThan(4 * mean(weekly));
    const nearMoney = monthly.filter((x) => Math.abs(x.strike / SPY.close - 1) < 0.05);
    const far = monthly.filter((x) => Math.abs(x.strike / SPY.close - 1) > 0.2);
    expect(mean(nearMoney)).toBeGreaterThan(5 * mean(far));
  });

  it('moves with openings: prints add (opening) or remove (closing), and the next day starts from them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 5000 }), opening: fc.boolean(), which: fc.nat(3) }), {
          maxLength: 40,
        }),
        (prints) => {
          const names = ['A', 'B', 'C', 'D'];
          const start = new Map(names.map((n, i) => [n, 1000 * i]));
          const after = applyPrints(
            start,
            prints.map((p) => ({ contract: names[p.which]!, size: p.size, opening: p.opening })),
          );
          for (const [i, n] of names.entries()) {
            let oi = 1000 * i;
            for (const p of prints) if (names[p.which] === n) oi = Math.max(0, oi + (p.opening ? p.size : -p.size));
            expect(after.get(n)).toBe(oi);
          }
        },
      ),
      { numRuns: 100, seed: 39 },
    );
    const m = optionsMarket(AAPL, SEED);
    const c = m.contracts(m.expirations[2]!.expiry)[10]!;
    const moved = optionsMarket(AAPL, SEED, { netOpenings: new Map([[c.symbol, 1234]]) });
    expect(moved.openInterest(c)).toBe(m.openInterest(c) + 1234);
  });

  it('a shared day market with other carried openings is the market built with them, its base untouched', () => {
    for (const u of [AAPL, NVDA]) {
      const base = optionsMarket(u, SEED);
      const picked = base.expirations.slice(0, 3).flatMap((e) => base.contracts(e.expiry).slice(5, 8));
      // The base's own lines read first: the shared open-interest scale is then already summed.
      const before = picked.map((c) => base.chainRow(c));
      const nets = new Map(picked.map((c, i) => [c.symbol, 100 * (i + 1) - 350]));
      const shared = base.withNetOpenings(nets);
      const built = optionsMarket(u, SEED, { netOpenings: nets });
      expect(shared.chain()).toEqual(built.chain());
      expect(picked.map((c) => shared.chainRow(c))).toEqual(picked.map((c) => built.chainRow(c)));
      expect(picked.map((c) => base.chainRow(c))).toEqual(before);
      expect(base.chain()).toEqual(optionsMarket(u, SEED).chain());
    }
  });
});
