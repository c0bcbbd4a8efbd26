import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optionsMarket, type OptionContract } from './market.ts';
import { OpenInterestCarry } from './oi-carry.ts';
import { netOpeningsOf, printOpens, type FeedPrint } from './open-interest.ts';
import { AAPL, SPY } from './test-underlying.ts';

const SEED = 7;
// Two consecutive sessions (Thursday's close from the bundle, the test universe's Friday).
const THU = { ...AAPL, date: '2024-03-07', close: 169, prevClose: 170.12 };
const FRI = AAPL;

/** An id whose seeded draw says "closing" for a print within the open interest (found, not assumed). */
function closingId(seed: number): string {
  for (let k = 0; ; k += 1) {
    const id = `close-${k}`;
    if (!printOpens({ id, contract: 'X', size: 1, volume: 1, openInterest: 1 }, seed)) return id;
  }
}

describe('open interest carried from the prints', () => {
  it("a constructed day's opening and closing prints move the next day's open interest by exactly their net", () => {
    const thu = optionsMarket(THU, SEED);
    const expiry = thu.expirations.find((e) => e.kind === 'monthly')!.expiry;
    const at = (k: number, type: 'call' | 'put'): OptionContract => thu.contractAt(expiry, k, type)!;
    const call = at(175, 'call');
    const put = at(165, 'put');
    const oiCall = thu.openInterest(call);
    const oiPut = thu.openInterest(put);
    expect(oiPut).toBeGreaterThan(120);
    const prints: FeedPrint[] = [
      // The day's volume passes the morning's open interest: these can only be openings.
      { id: 'a', contract: call.symbol, size: 300, volume: oiCall + 300, openInterest: oiCall },
      { id: 'b', contract: call.symbol, size: 200, volume: oiCall + 500, openInterest: oiCall },
      // Within the open interest, drawn closing.
      { id: closingId(SEED), contract: put.symbol, size: 120, volume: 120, openInterest: oiPut },
    ];
    const nets = netOpeningsOf(prints, SEED);
    expect([...nets].sort()).toEqual([
      [call.symbol, 500],
      [put.symbol, -120],
    ]);

    const carry = new OpenInterestCarry();
    carry.add(nets);
    carry.dropExpiredBefore(FRI.date);
    const moved = optionsMarket(FRI, SEED, { netOpenings: carry.of('AAPL') });
    const profile = optionsMarket(FRI, SEED);
    // Every contract of Friday's chain: the two printed ones differ by their net, no other moves.
    const changed = moved
      .chain()
      .map((row, i) => [row.symbol, row.openInterest - profile.chain()[i]!.openInterest] as const)
      .filter(([, d]) => d !== 0);
    expect(changed.sort()).toEqual([
      [call.symbol, 500],
      [put.symbol, -120],
    ]);
  });

  it('drops contracts once they expire and never shows a negative open interest', () => {
    const thu = optionsMarket({ ...SPY, date: '2024-03-07' }, SEED);
    const expiring = thu.contracts('2024-03-08')[0]!;
    const later = thu.contractAt('2024-03-12', 510, 'put')!;
    const carry = new OpenInterestCarry();
    carry.add([
      [expiring.symbol, 50],
      [later.symbol, -1e9],
    ]);
    carry.dropExpiredBefore('2024-03-08');
    expect(carry.size).toBe(2); // a contract still trades on its expiry day
    carry.dropExpiredBefore('2024-03-11');
    expect([...carry.of('SPY').keys()]).toEqual([later.symbol]);
    const mon = optionsMarket({ ...SPY, date: '2024-03-11' }, SEED, { netOpenings: carry.of('SPY') });
    expect(mon.openInterest(mon.contract(later.symbol)!)).toBe(0);
  });

  it('a print opens when the day volume passes the open interest; closings never exceed the morning open interest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.array(fc.integer({ min: 1, max: 800 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 1e6 }),
        (openInterest, prior, sizes, seed) => {
          let volume = prior;
          const prints = sizes.map((size, i): FeedPrint => {
            volume += size;
            return { id: `p${i}`, contract: 'SPY240419C00520000', size, volume, openInterest };
          });
          let opened = 0;
          let closed = 0;
          for (const p of prints) {
            const opens = printOpens(p, seed);
            if (p.volume > openInterest) expect(opens).toBe(true);
            if (opens) opened += p.size;
            else closed += p.size;
          }
          expect(closed).toBeLessThanOrEqual(openInterest);
          expect(netOpeningsOf(prints, seed).get('SPY240419C00520000') ?? 0).toBe(opened - closed);
        },
      ),
      { numRuns: 300, seed: 37 },
    );
  });

  it('sums the days per contract and keeps each underlying apart', () => {
    const carry = new OpenInterestCarry();
    carry.add([
      ['SPY240419C00520000', 10],
      ['A240419C00100000', 4],
      ['AA240419C00100000', 6],
    ]);
    carry.add([
      ['SPY240419C00520000', -10],
      ['A240419C00100000', 1],
    ]);
    expect([...carry.of('SPY')]).toEqual([]);
    expect([...carry.of('A')]).toEqual([['A240419C00100000', 5]]);
    expect([...carry.of('AA')]).toEqual([['AA240419C00100000', 6]]);
    const copy = carry.clone();
    carry.add([['A240419C00100000', 100]]);
    expect(copy.of('A').get('A240419C00100000')).toBe(5);
  });
});
