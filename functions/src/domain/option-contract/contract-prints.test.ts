import { describe, expect, it } from 'vitest';
import { trade } from '../flow/test-trade.ts';
import { occSymbolOfPrint } from '@tapewatch/shared/options/occ-symbol';
import { contractPrints, printsOfContract } from './contract-prints.ts';

const SYMBOL = 'SPY240315C00500000';
// Hand-made prints of SPY 2024-03-15 500 calls quoted 2.00 x 2.20.
const atAsk = trade({ bid: 2, ask: 2.2, price: 2.2, size: 10, fill: 'Ask', date: '2024-03-06', time: '10:00:00' });
const atBid = trade({ bid: 2, ask: 2.2, price: 2, size: 7, fill: 'Bid', date: '2024-03-07', time: '11:00:00' });
const atMid = trade({ bid: 2, ask: 2.2, price: 2.1, size: 5, fill: 'Mid', date: '2024-03-08', time: '09:45:00' });

describe('contract prints and their P&L', () => {
  it('bought at the ask and the price rose: a gain of (mark - price) x size x 100', () => {
    const { prints, pnlTotal } = contractPrints([atAsk], SYMBOL, 3);
    expect(prints[0]!.side).toBe('bought');
    expect(prints[0]!.pnl).toBeCloseTo(800, 6);
    expect(pnlTotal).toBeCloseTo(800, 6);
  });

  it('sold at the bid and the price rose: a loss of the same size', () => {
    const { prints } = contractPrints([atBid], SYMBOL, 3);
    expect(prints[0]!.side).toBe('sold');
    expect(prints[0]!.pnl).toBeCloseTo(-(3 - 2) * 7 * 100, 6);
  });

  it('the price fell: the buyer loses, the seller gains', () => {
    const { prints } = contractPrints([atAsk, atBid], SYMBOL, 1.5);
    const byKey = new Map(prints.map((p) => [p.key, p.pnl]));
    expect(byKey.get(atAsk.key)).toBeCloseTo(-700, 6);
    expect(byKey.get(atBid.key)).toBeCloseTo(350, 6);
  });

  it('a mid print has no known side: no P&L and no part of the total', () => {
    const { prints, pnlTotal } = contractPrints([atMid, atAsk], SYMBOL, 3);
    const mid = prints.find((p) => p.key === atMid.key)!;
    expect(mid).toMatchObject({ side: 'unknown', pnl: null });
    expect(pnlTotal).toBeCloseTo(800, 6);
  });

  it('above the ask counts as bought, below the bid as sold', () => {
    const above = trade({ bid: 2, ask: 2.2, price: 2.3, size: 1, fill: 'Above Ask' });
    const below = trade({ bid: 2, ask: 2.2, price: 1.9, size: 1, fill: 'Below Bid' });
    const { prints } = contractPrints([above, below], SYMBOL, 2.5);
    expect(prints.find((p) => p.key === above.key)).toMatchObject({ side: 'bought' });
    expect(prints.find((p) => p.key === above.key)!.pnl).toBeCloseTo(20, 6);
    expect(prints.find((p) => p.key === below.key)!.pnl).toBeCloseTo(-60, 6);
  });

  it('without a mark today no print has a P&L', () => {
    const { prints, pnlTotal } = contractPrints([atAsk, atBid], SYMBOL, null);
    expect(prints.map((p) => p.pnl)).toEqual([null, null]);
    expect(pnlTotal).toBe(0);
  });

  it("keeps only this contract's prints (not the put, another strike or expiry), newest first", () => {
    const others = [
      trade({ put_call: 'Put' }),
      trade({ strike_price: 505 }),
      trade({ date_expiration: '2024-03-22' }),
      trade({ ticker: 'QQQ' }),
    ];
    const { prints } = contractPrints([atAsk, ...others, atMid, atBid], SYMBOL, 3);
    expect(prints.map((p) => p.key)).toEqual([atMid.key, atBid.key, atAsk.key]);
  });

  it("a contract's prints found through each day's index are those a scan of every print finds, asked again and for others", () => {
    const days = [
      [atAsk, trade({ put_call: 'Put', date: '2024-03-06' }), trade({ strike_price: 505, date: '2024-03-06' })],
      [
        atBid,
        trade({ ticker: 'QQQ', date: '2024-03-07' }),
        trade({ date_expiration: '2024-03-22', date: '2024-03-07' }),
      ],
      [],
      [atMid, trade({ strike_price: 505, date: '2024-03-08' })],
    ];
    const symbols = [...new Set(days.flat().map(occSymbolOfPrint)), 'SPY240315C00999000'];
    // Twice over: the second pass reads the indexes the first one made.
    for (const _ of [1, 2])
      for (const symbol of symbols) {
        const scanned = days.flat().filter((t) => occSymbolOfPrint(t) === symbol);
        expect(printsOfContract(days, symbol)).toEqual(scanned);
        expect(contractPrints(printsOfContract(days, symbol), symbol, 3)).toEqual(
          contractPrints(days.flat(), symbol, 3),
        );
      }
    expect(printsOfContract(days, SYMBOL).map((t) => t.key)).toEqual([atAsk.key, atBid.key, atMid.key]);
  });
});
