import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@tapewatch/shared/schemas/tickers';
import { companyName, refreshUniverse, type Listing } from './universe.ts';

const entry = (symbol: string, extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  symbol,
  company: `${symbol} Corp`,
  sector: 'Information Technology',
  industry: 'Software',
  exchange: 'NASDAQ',
  kind: 'stock',
  in_sp500: true,
  in_nasdaq100: false,
  shares_outstanding: 1e9,
  shares_outstanding_is_estimate: true,
  ...extra,
});
const listing = (symbol: string, exchange = 'NASDAQ', etf = false): Listing => ({
  symbol,
  name: `${symbol} Inc. - Common Stock`,
  exchange,
  etf,
});

describe('refreshUniverse', () => {
  it('keeps what it knew of listed symbols, adds new listings, drops delisted ones, keeps indices', () => {
    const previous = [entry('AAA'), entry('BBB'), entry('VIX', { kind: 'index', exchange: 'Cboe' })];
    const next = refreshUniverse(previous, [listing('AAA', 'NYSE'), listing('CCC'), listing('XLK', 'NYSE Arca', true)]);
    expect(next.map((e) => e.symbol)).toEqual(['AAA', 'CCC', 'VIX', 'XLK']);
    expect(next[0]).toEqual({ ...previous[0], exchange: 'NYSE' });
    expect(next[1]).toMatchObject({
      company: 'CCC Inc.',
      kind: 'stock',
      sector: 'Unclassified',
      shares_outstanding: null,
    });
    expect(next[3]).toMatchObject({ kind: 'etf', sector: 'ETF', industry: 'Information Technology sector ETF' });
  });

  it('refuses listings that would more than halve the universe (a partial file)', () => {
    const previous = ['A', 'B', 'C', 'D', 'E'].map((s) => entry(s));
    expect(() => refreshUniverse(previous, [listing('A'), listing('B')])).toThrow(/incomplete directory/);
    expect(refreshUniverse(previous, [listing('A'), listing('B'), listing('C')])).toHaveLength(3);
    expect(refreshUniverse([], [listing('A')])).toHaveLength(1);
  });

  it('names a company from the security name', () => {
    expect(companyName('Apple Inc. - Common Stock')).toBe('Apple Inc.');
    expect(companyName('Invesco QQQ Trust, Series 1')).toBe('Invesco QQQ Trust, Series 1');
  });
});
