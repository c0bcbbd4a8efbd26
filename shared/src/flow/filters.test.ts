import { describe, expect, it } from 'vitest';
import type { FlowTrade } from '../schemas/flow.ts';
import { flowFilterSchema } from '../schemas/flow.ts';
import { FLOW_FIELDS, FLOW_SELECTORS } from './filter-fields.ts';
import { applyFilters, compileFilters, equalTickers, isComplete, parseTimeOfDay } from './filters.ts';

const base: FlowTrade = {
  key: 'k',
  ticker: 'SPY',
  date: '2024-03-08',
  time: '10:15:30',
  put_call: 'Call',
  strike_price: 510,
  date_expiration: '2024-03-15',
  DTE: 7,
  option_activity_type: 'Sweep',
  exchange: 'CBOE',
  aggressor_ind: 0.9,
  ask: 2.1,
  bid: 2.0,
  midpoint: 2.05,
  price: 2.1,
  size: 500,
  volume: 1200,
  open_interest: 800,
  underlying_price: 508,
  cost_basis: 105,
  trade_count: 3,
  fill: 'Ask',
  sentiment: 'Bullish',
  score: 0.62,
};
const t = (over: Partial<FlowTrade>): FlowTrade => ({ ...base, ...over });
const trades: FlowTrade[] = [
  t({
    key: 'a',
    ticker: 'SPY',
    time: '09:30:00',
    put_call: 'Call',
    strike_price: 500,
    DTE: 0,
    fill: 'Ask',
    option_activity_type: 'Sweep',
    open_interest: 100,
    volume: 50,
    score: 0.25,
    cost_basis: 12.5,
    sentiment: 'Bullish',
    price: 1.5,
    size: 10,
  }),
  t({
    key: 'b',
    ticker: 'QQQ',
    time: '10:00:59',
    put_call: 'Put',
    strike_price: 430,
    DTE: 7,
    fill: 'Bid',
    option_activity_type: 'Block',
    open_interest: 2000,
    volume: 3000,
    score: 0.5,
    cost_basis: 250,
    sentiment: 'Bullish',
    price: 3.25,
    size: 100,
  }),
  t({
    key: 'c',
    ticker: 'AAPL',
    time: '10:01:00',
    put_call: 'Call',
    strike_price: 175.5,
    DTE: 30,
    fill: 'Mid',
    option_activity_type: 'Trade',
    open_interest: 5000,
    volume: 100,
    score: 0.75,
    cost_basis: 1000,
    sentiment: 'Neutral',
    price: 10,
    size: 1000,
  }),
  t({
    key: 'd',
    ticker: 'nvda',
    time: '15:59:59',
    put_call: 'Put',
    strike_price: 900,
    DTE: 365,
    fill: 'Below Bid',
    option_activity_type: 'Sweep',
    open_interest: 0,
    volume: 10,
    score: 1,
    cost_basis: 5000.25,
    sentiment: 'Bearish',
    price: 50,
    size: 1000,
  }),
];
const keys = (filters: Parameters<typeof applyFilters>[1]) =>
  applyFilters(trades, filters)
    .map((x) => x.key)
    .join('');

describe('filter completeness (spec 2.5.1)', () => {
  it('applies only with field, selector and a value; Ticker needs a tag', () => {
    expect(isComplete({ filter: 'Strike', selector: 'Equal', value: '500' })).toBe(true);
    expect(isComplete({ filter: 'Strike', selector: '', value: '500' })).toBe(false);
    expect(isComplete({ filter: '', selector: 'Equal', value: '500' })).toBe(false);
    expect(isComplete({ filter: 'Strike', selector: 'Equal', value: '  ' })).toBe(false);
    expect(isComplete({ filter: 'Strike', selector: 'Equal', value: null })).toBe(false);
    expect(isComplete({ filter: 'Strike', selector: 'Equal', value: 0 })).toBe(true);
    expect(isComplete({ filter: 'Ticker', selector: 'Equal', value: 'SPY', tickers: [] })).toBe(false);
    expect(isComplete({ filter: 'Ticker', selector: 'Equal', tickers: [' '] })).toBe(false);
    expect(
      keys([
        { filter: 'Strike', selector: '', value: '500' },
        { filter: 'Ticker', selector: 'Equal', tickers: [] },
      ]),
    ).toBe('abcd');
    expect(keys(undefined)).toBe('abcd');
  });
});

describe('every field', () => {
  it('Ticker: several tags, case-insensitive', () => {
    expect(keys([{ filter: 'Ticker', selector: 'Equal', tickers: ['spy', 'NVDA'] }])).toBe('ad');
    expect(keys([{ filter: 'Ticker', selector: 'Greater than', tickers: ['PZZ'] }])).toBe('ab');
  });
  it('Time compares HH:MM by minute, New York time', () => {
    expect(keys([{ filter: 'Time', selector: 'Equal', value: '10:00' }])).toBe('b');
    expect(keys([{ filter: 'Time', selector: 'Greater than equal', value: '10:01' }])).toBe('cd');
    expect(keys([{ filter: 'Time', selector: 'Smaller than', value: '10:01' }])).toBe('ab');
    expect(keys([{ filter: 'Time', selector: 'Smaller than equal', value: '9:30' }])).toBe('a');
    expect(keys([{ filter: 'Time', selector: 'Greater than', value: '15:59' }])).toBe('');
    expect(keys([{ filter: 'Time', selector: 'Equal', value: '10:00:59' }])).toBe('b');
  });
  it('Call/Put, Fill, Type and Sentiment ignore case', () => {
    expect(keys([{ filter: 'Call/Put', selector: 'Equal', value: 'put' }])).toBe('bd');
    expect(keys([{ filter: 'Fill', selector: 'Equal', value: 'below bid' }])).toBe('d');
    expect(keys([{ filter: 'Type', selector: 'Equal', value: 'SWEEP' }])).toBe('ad');
    expect(keys([{ filter: 'Sentiment', selector: 'Equal', value: 'bullish' }])).toBe('ab');
  });
  it.each([
    ['Strike', '175.5', 'c'],
    ['DTE', '7', 'b'],
    ['Open Interest', '0', 'd'],
    ['Volume', '3000', 'b'],
    ['Score', '0.75', 'c'],
    ['Premium', '5000.25', 'd'],
    ['Price', '1.5', 'a'],
    ['Size', '100', 'b'],
  ])('%s Equal %s', (filter, value, expected) => {
    expect(keys([{ filter, selector: 'Equal', value }])).toBe(expected);
  });
  it('Premium filters on cost_basis (thousands), never on Sentiment', () => {
    expect(keys([{ filter: 'Premium', selector: 'Greater than', value: '250' }])).toBe('cd');
    expect(keys([{ filter: 'Premium', selector: 'Greater than equal', value: '250' }])).toBe('bcd');
    expect(keys([{ filter: 'Premium', selector: 'Equal', value: 'Bullish' }])).toBe('abcd');
    expect(compileFilters([{ filter: 'Premium', selector: 'Equal', value: 'Bullish' }]).errors).toEqual([
      "Premium needs a number, got 'Bullish'",
    ]);
  });
});

describe('every selector on a number, at the edge', () => {
  it.each([
    ['Equal', 'b'],
    ['Greater than', 'cd'],
    ['Greater than equal', 'bcd'],
    ['Smaller than', 'a'],
    ['Smaller than equal', 'ab'],
  ])('DTE %s 7', (selector, expected) => {
    expect(keys([{ filter: 'DTE', selector, value: '7' }])).toBe(expected);
  });
  it('decimals: ".5", "+1", "0.50"', () => {
    expect(keys([{ filter: 'Score', selector: 'Equal', value: '0.50' }])).toBe('b');
    expect(keys([{ filter: 'Score', selector: 'Smaller than', value: '.5' }])).toBe('a');
    expect(keys([{ filter: 'Score', selector: 'Smaller than equal', value: '+1' }])).toBe('abcd');
    expect(keys([{ filter: 'Strike', selector: 'Equal', value: 500 }])).toBe('a');
  });
  it('combines filters with AND', () => {
    expect(
      keys([
        { filter: 'Call/Put', selector: 'Equal', value: 'Call' },
        { filter: 'Premium', selector: 'Greater than', value: '100' },
        { filter: 'Score', selector: 'Greater than', value: '0.5' },
      ]),
    ).toBe('c');
  });
});

describe('invalid filters', () => {
  it('reports unknown fields, selectors and malformed values, and ignores them when applying', () => {
    const c = compileFilters([
      { filter: 'Colour', selector: 'Equal', value: 'x' },
      { filter: 'DTE', selector: 'About', value: '1' },
      { filter: 'Strike', selector: 'Equal', value: '1,000' },
      { filter: 'Time', selector: 'Equal', value: '25:00' },
      { filter: 'DTE', selector: 'Equal', value: '7' },
    ]);
    expect(c.errors).toEqual([
      "unknown filter field 'Colour'",
      "unknown selector 'About' for DTE",
      "Strike needs a number, got '1,000'",
      "Time needs HH:MM (New York time), got '25:00'",
    ]);
    expect(c.active).toBe(1);
    expect(trades.filter(c.predicate).map((x) => x.key)).toEqual(['b']);
  });
  it('parses times strictly', () => {
    expect(parseTimeOfDay('09:30')).toEqual({ seconds: 34200, precision: 'minute' });
    expect(parseTimeOfDay('9:30:15')).toEqual({ seconds: 34215, precision: 'second' });
    for (const bad of ['930', '09:60', '24:00', 'noon', '09:30:60', '']) expect(parseTimeOfDay(bad)).toBeNull();
  });
  it('the wire schema accepts exactly the fields and selectors', () => {
    for (const f of FLOW_FIELDS)
      for (const s of FLOW_SELECTORS)
        expect(flowFilterSchema.safeParse({ filter: f, selector: s, value: '1' }).success).toBe(true);
    expect(flowFilterSchema.safeParse({ filter: 'Colour', selector: 'Equal', value: '1' }).success).toBe(false);
    expect(flowFilterSchema.safeParse({ filter: 'DTE', selector: 'equal', value: '1' }).success).toBe(false);
    expect(flowFilterSchema.safeParse({ id: 3, filter: '', selector: '', value: '' }).success).toBe(true);
  });
  it('finds Equal ticker tags for the index path', () => {
    expect(equalTickers([{ filter: 'Ticker', selector: 'Equal', tickers: ['spy', 'SPY', 'qqq'] }])).toEqual([
      'SPY',
      'QQQ',
    ]);
    expect(equalTickers([{ filter: 'Ticker', selector: 'Greater than', tickers: ['spy'] }])).toBeNull();
  });
});
