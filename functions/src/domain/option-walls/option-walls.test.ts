import { describe, expect, it } from 'vitest';
import { optionMinmaxSchema, optionWallsSchema } from '@tapewatch/shared/schemas/option-walls';
import { OPTION_WALLS, deltaAdjustedOi, type ChainContract, type ChainDay } from './chain.ts';
import { contractGex, gexPerStrike, signCrossings, totalGexAt, zeroGamma } from './gamma-exposure.ts';
import { computeOptionWalls } from './option-walls.ts';
import { dayExtremes, mergeMinmax, wallsByExpiry } from './walls.ts';

// Spot 100, as of 2024-03-08: every number below is worked out by hand from these lines.
const contracts: ChainContract[] = [
  ['2024-03-08', 'P', 100, 10_000, -0.5, 0.1, 0.2, 0], // expired at the close: ignored everywhere
  ['2024-03-15', 'C', 100, 1000, 0.5, 0.05, 0.2, 0], // DAOI 50,000; GEX 0.05*1000*100*100^2*0.01 = 500,000
  ['2024-03-15', 'P', 100, 2000, -0.5, 0.05, 0.2, 0], // DAOI -100,000; GEX -1,000,000
  ['2024-03-15', 'C', 105, 3000, 0.25, 0.04, 0.2, 0], // DAOI 75,000; GEX 1,200,000
  ['2024-03-15', 'P', 95, 500, -0.3, 0.03, 0.2, 0], // DAOI -15,000; GEX -150,000
  ['2024-03-22', 'C', 100, 400, 0.55, 0.03, 0.2, 0], // DAOI 22,000; GEX 120,000
  ['2024-03-22', 'P', 90, 1000, -0.2, null, null, 0], // DAOI -20,000; no gamma
  ['2024-03-22', 'C', 120, 10_000, 0.1, 0.01, 0.2, 0], // DAOI 100,000 but outside +-10%
  ['2024-03-22', 'P', 95, 1000, null, 0.02, 0.2, 0], // no delta; GEX -200,000
];
const chain: ChainDay = { underlying: 'SPY', date: '2024-03-08', spot: 100, contracts };

describe('delta-adjusted open interest', () => {
  it('is delta x OI x 100, negative for puts, null without a delta', () => {
    expect(deltaAdjustedOi(contracts[1]!)).toBe(50_000);
    expect(deltaAdjustedOi(contracts[2]!)).toBe(-100_000);
    expect(deltaAdjustedOi(contracts[8]!)).toBeNull();
  });

  it('groups the nearest live expiries by strike within +-10% of spot', () => {
    const walls = wallsByExpiry(chain, 8, 10);
    expect(Object.keys(walls)).toEqual(['2024-03-15', '2024-03-22']);
    expect(walls['2024-03-15']).toMatchObject({
      x_values: [95, 100, 105],
      y_call_values: [0, 50_000, 75_000],
      y_put_values: [-15_000, -100_000, 0],
    });
    expect(walls['2024-03-22']).toMatchObject({
      x_values: [90, 95, 100],
      y_call_values: [0, 0, 22_000],
      y_put_values: [-20_000, 0, 0],
    });
    expect(walls['2024-03-15']!.color).not.toBe(walls['2024-03-22']!.color);
    expect(Object.keys(wallsByExpiry(chain, 1, 10))).toEqual(['2024-03-15']);
  });

  it("finds each day's largest call and most negative put over every live contract", () => {
    expect(dayExtremes(chain)).toEqual({
      date: '2024-03-08',
      call: 100_000,
      call_strike: 120,
      put: -100_000,
      put_strike: 100,
    });
    expect(dayExtremes({ ...chain, contracts: [] })).toEqual({
      date: '2024-03-08',
      call: null,
      call_strike: null,
      put: null,
      put_strike: null,
    });
  });

  it('merges days into the running series: a re-run day replaces its entry, the oldest fall off', () => {
    const day = (date: string, call: number) => ({ date, call, call_strike: 500, put: -call, put_strike: 480 });
    const first = mergeMinmax('SPY', null, [day('2024-03-06', 1), day('2024-03-05', 2)], 3);
    expect(first.dates).toEqual(['2024-03-05', '2024-03-06']);
    const next = mergeMinmax('SPY', first, [day('2024-03-07', 3), day('2024-03-06', 9), day('2024-03-08', 4)], 3);
    expect(next).toEqual({
      underlying: 'SPY',
      dates: ['2024-03-06', '2024-03-07', '2024-03-08'],
      calls: [9, 3, 4],
      call_strikes: [500, 500, 500],
      puts: [-9, -3, -4],
      put_strikes: [480, 480, 480],
    });
    expect(optionMinmaxSchema.parse(next)).toEqual(next);
  });
});

describe('gamma exposure', () => {
  it('is gamma x OI x 100 x S^2 x 1%, calls positive and puts negative', () => {
    expect(contractGex('C', 0.05, 1000, 100)).toBeCloseTo(500_000, 6);
    expect(contractGex('P', 0.05, 2000, 100)).toBeCloseTo(-1_000_000, 6);
  });

  it('sums every live expiry per strike and picks the call and put walls', () => {
    const gex = gexPerStrike(chain, 10);
    expect(gex.strikes).toEqual([95, 100, 105]);
    expect(gex.call_gex.map((v) => Math.round(v))).toEqual([0, 620_000, 1_200_000]);
    expect(gex.put_gex.map((v) => Math.round(v))).toEqual([-350_000, -1_000_000, 0]);
    expect(gex.net_gex.map((v) => Math.round(v))).toEqual([-350_000, -380_000, 1_200_000]);
    expect(gex.call_wall).toBe(105);
    expect(gex.put_wall).toBe(100);
    expect(gexPerStrike({ ...chain, spot: null }, 10)).toMatchObject({ strikes: [], call_wall: null, put_wall: null });
  });

  it('re-prices gamma with Black-Scholes at a hypothetical spot', () => {
    // S=K=100, T=73/365=0.2, sigma 0.2, r=q=0: d1=0.0447214, gamma=phi(d1)/(S*sigma*sqrt T)=0.0445584.
    const line: ChainContract = ['2024-03-14', 'C', 100, 10, null, null, 0.2, 0];
    const total = totalGexAt([line], '2024-01-01', 100, { riskFreeRate: 0, dividendYield: 0 });
    expect(total).toBeCloseTo(0.0445584 * 10 * 100 * 100 ** 2 * 0.01, 1); // 4,455.84
    const put: ChainContract = ['2024-03-14', 'P', 100, 10, null, null, 0.2, 0];
    expect(totalGexAt([line, put], '2024-01-01', 100, { riskFreeRate: 0, dividendYield: 0 })).toBeCloseTo(0, 9);
  });

  it('interpolates sign changes linearly', () => {
    expect(signCrossings([1, 2, 3], [-2, 2, 4])).toEqual([1.5]);
    expect(signCrossings([1, 2, 3], [1, -1, 1])).toEqual([1.5, 2.5]);
    expect(signCrossings([1, 2, 3], [-1, 0, 1])).toEqual([2]);
    expect(signCrossings([1, 2, 3], [1, 2, 3])).toEqual([]);
  });

  it('finds the zero-gamma spot between a put-heavy low strike and a call-heavy high strike', () => {
    const rates = { riskFreeRate: 0, dividendYield: 0 };
    const book: ChainDay = {
      underlying: 'SPY',
      date: '2024-01-01',
      spot: 100,
      contracts: [
        ['2024-03-14', 'P', 95, 1000, null, null, 0.2, 0],
        ['2024-03-14', 'C', 105, 1000, null, null, 0.2, 0],
      ],
    };
    const z = zeroGamma(book, 10, 201, rates)!;
    expect(z).toBeGreaterThan(95);
    expect(z).toBeLessThan(105);
    expect(totalGexAt(book.contracts, book.date, z - 0.5, rates)).toBeLessThan(0);
    expect(totalGexAt(book.contracts, book.date, z + 0.5, rates)).toBeGreaterThan(0);
    // Interpolation error on a 0.1% grid is tiny next to the exposure around it.
    expect(Math.abs(totalGexAt(book.contracts, book.date, z, rates))).toBeLessThan(
      0.01 * Math.abs(totalGexAt(book.contracts, book.date, 95, rates)),
    );
    // Calls only: total GEX never changes sign.
    expect(zeroGamma({ ...book, contracts: [book.contracts[1]!] }, 10, 201, rates)).toBeNull();
  });

  it('builds a payload the wire schema accepts, with no NaN', () => {
    const payload = computeOptionWalls(chain, 'as_traded');
    expect(optionWallsSchema.parse(payload)).toEqual(payload);
    expect(payload.limits).toEqual({ expiries: OPTION_WALLS.maxExpiries, strike_band_pct: OPTION_WALLS.strikeBandPct });
    expect(JSON.stringify(payload)).not.toMatch(/NaN|Infinity/);
  });
});
