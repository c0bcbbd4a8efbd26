import { describe, expect, it } from 'vitest';
import { sharesOn } from './shares.ts';

describe('sharesOn', () => {
  it('applies the count from its first valid date on, and never without a count', () => {
    const kdp = { shares_outstanding: 1_390_000_000, shares_outstanding_from: '2018-07-10' };
    expect(sharesOn(kdp, '2018-07-09')).toBeNull();
    expect(sharesOn(kdp, '2018-07-10')).toBe(1_390_000_000);
    expect(sharesOn({ shares_outstanding: 10 }, '2014-01-02')).toBe(10);
    expect(sharesOn({ shares_outstanding: null }, '2024-03-08')).toBeNull();
  });
});
