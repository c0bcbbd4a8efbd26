import { describe, expect, it } from 'vitest';
import type { FlowTrade } from '../schemas/flow.ts';
import { applyFilters, compileFilters } from './filters.ts';
import { keyStats, largestPremiums } from './key-stats.ts';
import { groupFlow, orderKeyOf, SpreadRows, spreadOrder } from './spreads.ts';

let n = 0;
/** A print as the parser makes it; legs get their side from the aggressor indicator (1 ask, 0 bid). */
const print = (p: Partial<FlowTrade>): FlowTrade => ({
  key: `k${++n}`,
  ticker: 'SPY',
  date: '2024-03-08',
  time: '10:00:00',
  put_call: 'Call',
  strike_price: 510,
  date_expiration: '2024-03-15',
  DTE: 7,
  option_activity_type: 'Trade',
  exchange: 'CBOE',
  aggressor_ind: 1,
  ask: 2,
  bid: 1.9,
  midpoint: 1.95,
  price: 2,
  size: 100,
  volume: 500,
  open_interest: 1000,
  underlying_price: 511,
  cost_basis: 20,
  trade_count: 1,
  fill: 'Ask',
  sentiment: 'Bullish',
  score: 0.5,
  ...p,
});
const buy = { aggressor_ind: 1 };
const sell = { aggressor_ind: 0 };
const leg = (order: string, p: Partial<FlowTrade>) => print({ conditions: [232], order_id: order, ...p });
/** A live leg: the tape's multi-leg condition, no order id. */
const liveLeg = (p: Partial<FlowTrade>) => print({ conditions: [233], ...p });

describe('spreads as one order', () => {
  it('groups the legs of an order id into one row at the first leg, single prints untouched', () => {
    const single = print({ time: '10:00:01' });
    const a = leg('o1', { strike_price: 510, cost_basis: 50, ...buy });
    const b = leg('o1', { strike_price: 515, cost_basis: 30, ...sell });
    const rows = groupFlow([single, a, b]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toBe(single);
    const s = rows[1]!.spread!;
    expect(s.legs).toEqual([a, b]);
    expect(s.structure).toBe('vertical');
    expect(s.netPremium).toBe(20); // $50K paid, $30K received: a $20K debit
    expect(s.direction).toBe('bullish'); // long the lower call strike
    expect(rows[1]!.key).toBe('spread:2024-03-08|o1');
    expect(rows[1]!.cost_basis).toBe(20);
    expect(rows[1]!.strike_price).toBe(510); // the lead (largest) leg's contract
  });

  it('names each structure and its direction', () => {
    const cases: Array<[Partial<FlowTrade>[], string, string, number]> = [
      [
        [
          { put_call: 'Put', strike_price: 500, cost_basis: 40, ...buy },
          { put_call: 'Put', strike_price: 495, cost_basis: 25, ...sell },
        ],
        'vertical',
        'bearish',
        15,
      ],
      [
        [
          { put_call: 'Put', strike_price: 500, cost_basis: 10, ...buy },
          { put_call: 'Put', strike_price: 505, cost_basis: 30, ...sell },
        ],
        'vertical',
        'bullish',
        -20,
      ],
      [
        [
          { date_expiration: '2024-03-15', cost_basis: 20, ...sell },
          { date_expiration: '2024-04-19', cost_basis: 45, ...buy },
        ],
        'calendar',
        'neutral',
        25,
      ],
      [
        [
          { put_call: 'Call', cost_basis: 30, ...buy },
          { put_call: 'Put', cost_basis: 28, ...buy },
        ],
        'straddle',
        'long volatility',
        58,
      ],
      [
        [
          { put_call: 'Call', strike_price: 530, cost_basis: 12, ...sell },
          { put_call: 'Put', strike_price: 490, cost_basis: 15, ...sell },
        ],
        'strangle',
        'short volatility',
        -27,
      ],
      [
        [
          { put_call: 'Call', strike_price: 530, cost_basis: 12, ...buy },
          { put_call: 'Put', strike_price: 490, cost_basis: 15, ...sell },
        ],
        'risk reversal',
        'bullish',
        -3,
      ],
      [
        [
          { put_call: 'Call', strike_price: 530, cost_basis: 12, ...sell },
          { put_call: 'Put', strike_price: 490, cost_basis: 15, ...buy },
        ],
        'risk reversal',
        'bearish',
        3,
      ],
    ];
    for (const [legs, structure, direction, net] of cases) {
      const o = spreadOrder(
        'x',
        legs.map((p) => leg('x', p)),
      );
      expect([o.structure, o.direction, o.netPremium]).toEqual([structure, direction, net]);
    }
  });

  it('matches live legs without an order id by day, underlying, time and exchange; any number of legs', () => {
    const legs = [
      liveLeg({ strike_price: 500, ...buy, cost_basis: 10 }),
      liveLeg({ strike_price: 505, ...sell, cost_basis: 16 }),
      liveLeg({ strike_price: 510, ...buy, cost_basis: 8 }),
    ];
    const sameSecondSingle = print({}); // same time and exchange, no multi-leg condition: not a leg
    const otherExchange = liveLeg({ exchange: 'ISE' });
    const otherTicker = liveLeg({ ticker: 'QQQ' });
    const rows = groupFlow([legs[0]!, sameSecondSingle, legs[1]!, otherExchange, legs[2]!, otherTicker]);
    expect(rows.map((r) => r.spread?.legs.length ?? 0)).toEqual([3, 0, 1, 1]);
    const butterfly = rows[0]!.spread!;
    expect(butterfly.structure).toBeNull(); // three legs: shown as "multi-leg", never forced into a pair's name
    expect(butterfly.direction).toBeNull();
    expect(butterfly.netPremium).toBe(2);
    expect(orderKeyOf(sameSecondSingle)).toBeNull();
  });

  it('keeps two orders printed in the same second apart by their ids', () => {
    const rows = groupFlow([leg('a', {}), leg('b', {}), leg('a', { ...sell }), leg('b', { ...sell })]);
    expect(rows.map((r) => r.key)).toEqual(['spread:2024-03-08|a', 'spread:2024-03-08|b']);
  });

  it('leaves the net premium and structure unknown when a leg printed at the mid', () => {
    const o = spreadOrder('m', [leg('m', { aggressor_ind: 0.5 }), leg('m', { strike_price: 515, ...sell })]);
    expect([o.netPremium, o.structure, o.direction]).toEqual([null, null, null]);
  });

  it('keeps an unchanged order row object (a streamed print re-renders only its own row)', () => {
    const a = leg('r', {});
    const b = leg('r', { strike_price: 515, ...sell });
    const grouped = new SpreadRows();
    const first = grouped.rows([a, b]);
    const second = grouped.rows([print({ time: '10:05:00' }), a, b]);
    expect(second[1]).toBe(first[0]);
    const c = leg('r', { strike_price: 520 });
    const third = grouped.rows([c, a, b]); // a third leg arrived: the order's row is new
    expect(third[0]).not.toBe(first[0]);
    expect(third[0]!.spread!.legs).toHaveLength(3);
  });
});

describe('key stats count a spread once', () => {
  it('one trade on its largest leg side, its net premium, every leg contract', () => {
    const s = keyStats([
      print({ put_call: 'Put', cost_basis: 40, score: 0.4, size: 10 }),
      leg('o', { put_call: 'Call', strike_price: 530, cost_basis: 12, score: 0.2, size: 50, ...buy }),
      leg('o', { put_call: 'Put', strike_price: 490, cost_basis: 15, score: 0.6, size: 50, ...sell }),
    ]);
    // The order: one put-side trade (the put leg is larger), score 0.6, |net| = $3K, 100 contracts.
    expect(s).toEqual({ tradeCount: [0, 2], score: [0, 0.5], costBasis: [0, 43], volume: [0, 110] });
  });

  it('counts an order once in the largest premiums too', () => {
    const legs = [leg('v', { cost_basis: 50, ...buy }), leg('v', { strike_price: 515, cost_basis: 30, ...sell })];
    expect(largestPremiums(legs, 'Call')).toEqual([{ ticker: 'SPY', costBasis: 20 }]);
  });
});

describe('the Spread filter', () => {
  const single = print({});
  const legs = [leg('f', {}), liveLeg({ time: '11:00:00' })];
  const all = [single, ...legs];
  it('Equal Yes keeps only legs of multi-leg orders, Equal No leaves them out', () => {
    expect(applyFilters(all, [{ filter: 'Spread', selector: 'Equal', value: 'Yes' }])).toEqual(legs);
    expect(applyFilters(all, [{ filter: 'Spread', selector: 'Equal', value: 'no' }])).toEqual([single]);
  });
  it('says what it takes for anything else', () => {
    expect(compileFilters([{ filter: 'Spread', selector: 'Greater than', value: 'Yes' }]).errors[0]).toMatch(
      /Spread takes Equal with Yes/,
    );
    expect(compileFilters([{ filter: 'Spread', selector: 'Equal', value: 'maybe' }]).errors).toHaveLength(1);
  });
});
