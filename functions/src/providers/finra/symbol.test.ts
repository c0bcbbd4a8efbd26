import { describe, expect, it } from 'vitest';
import { finraTicker } from './symbol.ts';

describe('finraTicker', () => {
  it('writes class shares with a dot and leaves preferreds (lower-case suffix) out of the universe', () => {
    expect(finraTicker('AAPL')).toBe('AAPL');
    expect(finraTicker('BRK/B')).toBe('BRK.B');
    // TPC and its preferred TpC are both in FINRA's 2021-04-27 file; keys are upper-cased.
    expect(finraTicker('TpC')).toBeNull();
  });
});
