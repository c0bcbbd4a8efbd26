import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSearchIndex, MAX_SUGGESTIONS } from './search.ts';

const index = createSearchIndex([
  { symbol: 'AAPL', company: 'Apple Inc.' },
  { symbol: 'APP', company: 'AppLovin' },
  { symbol: 'AMAT', company: 'Applied Materials' },
  { symbol: 'NTAP', company: 'NetApp' },
  { symbol: 'A', company: 'Agilent Technologies' },
  { symbol: 'SPY', company: 'SPDR S&P 500 ETF Trust' },
  { symbol: 'DUK', company: 'Duke Energy' },
  { symbol: 'XLE', company: 'Energy Select Sector SPDR Fund' },
]);

describe('ticker search', () => {
  it('puts the exact ticker first, then ticker prefixes, then company prefixes', () => {
    expect(index.search('app').map(([s]) => s)).toEqual(['APP', 'AAPL', 'AMAT', 'NTAP']);
    expect(index.search('a')[0]).toEqual(['A', 'Agilent Technologies']);
  });
  it('matches a word inside the company name and is case-insensitive', () => {
    expect(index.search('ENERGY').map(([s]) => s)).toEqual(['XLE', 'DUK']);
    expect(index.search('spdr').map(([s]) => s)).toEqual(['SPY', 'XLE']);
  });
  it('returns nothing for no match or blank input', () => {
    expect(index.search('zzzz')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
  });
  it('never returns more than the limit, and every hit contains the fragment', () => {
    const big = createSearchIndex(
      Array.from({ length: 500 }, (_, i) => ({ symbol: `T${i}`, company: `Company ${i}` })),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 4 }), (q) => {
        const hits = big.search(q);
        expect(hits.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
        const t = q.trim();
        for (const [s, c] of hits)
          expect(s.includes(t.toUpperCase()) || c.toLowerCase().includes(t.toLowerCase())).toBe(true);
      }),
    );
  });
});
