import { describe, expect, it } from 'vitest';
import { pickDefaultTicker, priceVsShortInterestTable, shortDataSummary, toPriceVsShortInterest } from './reshape.ts';
import { pricesOf, series, tableRows } from '../test/fixtures.ts';

describe('toPriceVsShortInterest', () => {
  it('puts each settlement on its session and drops those before the price window', () => {
    const prices = {
      ticker: 'X',
      dates: ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01'],
      prices: [1, 2, 3, 4],
      volume: [null, null, null, null],
    };
    const view = toPriceVsShortInterest(prices, [
      { date: '2024-02-01', short_interest: 5 },
      { date: '2024-02-28', short_interest: 7 },
      // a settlement on a non-session day goes on the session before it
      { date: '2024-03-02', short_interest: 9 },
    ]);
    expect(view.shortInterest).toEqual([null, 7, null, 9]);
    expect(view.prices).toEqual([1, 2, 3, 4]);
  });

  it('lists the settlements with their closes in the chart table', () => {
    const prices = pricesOf('AAPL');
    const table = priceVsShortInterestTable(toPriceVsShortInterest(prices, series.short_interest));
    expect(table.columns).toEqual(['Close', 'Short Interest']);
    expect(table.rows.map((r) => r.label)).toEqual(['2024-01-12', '2024-01-31', '2024-02-15', '2024-02-29']);
    const i = prices.dates.indexOf('2024-02-29');
    expect(table.rows.at(-1)!.cells).toEqual([prices.prices[i]!.toFixed(2), '115,750,000']);
  });

  it('is empty for a ticker without settlements', () => {
    expect(priceVsShortInterestTable(toPriceVsShortInterest(pricesOf('X'), [])).rows).toEqual([]);
  });
});

describe('shortDataSummary', () => {
  it('formats the three figures and says Unavailable for a missing one', () => {
    expect(shortDataSummary({ 'Short Interest': 115_750_000, 'Days To Cover': 2.456, '%Float Short': null })).toEqual([
      { label: 'Short Interest', value: '115,750,000' },
      { label: 'Days To Cover', value: '2.46' },
      { label: '%Float Short', value: 'Unavailable' },
    ]);
    expect(shortDataSummary({ 'Short Interest': 1, 'Days To Cover': 0.5, '%Float Short': 0.75 })[2]!.value).toBe(
      '0.75%',
    );
  });
});

describe('pickDefaultTicker', () => {
  it('keeps the app ticker when it has short interest, else AAPL, else the first ticker', () => {
    expect(pickDefaultTicker(tableRows, 'MSFT')).toBe('MSFT');
    expect(pickDefaultTicker(tableRows, 'SPY')).toBe('AAPL');
    expect(
      pickDefaultTicker(
        tableRows.filter((r) => r.Ticker !== 'AAPL'),
        'SPY',
      ),
    ).toBe('ADBE');
    expect(pickDefaultTicker([], 'SPY')).toBeUndefined();
  });
});
