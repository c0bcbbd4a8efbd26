import { describe, expect, it } from 'vitest';
import { isMultiLegPrint, legSide, spreadStructure, type SpreadLeg } from './multi-leg.ts';

const leg = (
  put_call: 'Call' | 'Put',
  strike_price: number,
  side: 'buy' | 'sell',
  date_expiration = '2024-04-19',
): SpreadLeg => ({
  put_call,
  strike_price,
  date_expiration,
  side,
});

describe('multi-leg orders', () => {
  it('names the structure two legs form', () => {
    expect(spreadStructure([leg('Call', 510, 'buy'), leg('Call', 515, 'sell')])).toBe('vertical');
    expect(spreadStructure([leg('Put', 500, 'sell', '2024-03-15'), leg('Put', 500, 'buy')])).toBe('calendar');
    expect(spreadStructure([leg('Call', 510, 'buy'), leg('Put', 510, 'buy')])).toBe('straddle');
    expect(spreadStructure([leg('Put', 490, 'sell'), leg('Call', 530, 'sell')])).toBe('strangle');
    expect(spreadStructure([leg('Call', 530, 'buy'), leg('Put', 490, 'sell')])).toBe('risk reversal');
  });

  it('names nothing that is none of them', () => {
    expect(spreadStructure([leg('Call', 510, 'buy'), leg('Call', 515, 'buy')])).toBeNull(); // both bought: not a vertical
    expect(spreadStructure([leg('Call', 510, 'buy'), leg('Put', 510, 'sell')])).toBeNull(); // a synthetic, not a straddle
    expect(spreadStructure([leg('Put', 530, 'buy'), leg('Call', 490, 'buy')])).toBeNull(); // put above the call
    expect(spreadStructure([leg('Call', 510, 'buy'), leg('Put', 500, 'buy', '2024-05-17')])).toBeNull();
    expect(spreadStructure([leg('Call', 510, 'buy', '2024-03-15'), leg('Call', 515, 'sell')])).toBeNull(); // diagonal
    expect(spreadStructure([leg('Call', 510, 'buy')])).toBeNull();
  });

  it('reads the multi-leg OPRA conditions and the side from the aggressor indicator', () => {
    expect([232, 233, 234, 235, 236, 238, 239].every((c) => isMultiLegPrint({ conditions: [c] }))).toBe(true);
    expect(isMultiLegPrint({ conditions: [209, 219] })).toBe(false); // automatic execution, intermarket sweep
    expect(isMultiLegPrint({ conditions: [240] })).toBe(false); // stock-option combination
    expect(isMultiLegPrint({})).toBe(false);
    expect([legSide(0.9), legSide(0.1), legSide(0.5), legSide(null)]).toEqual(['buy', 'sell', null, null]);
  });
});
