import { describe, expect, it } from 'vitest';
import { filtersFromParam, percent, ruleSummary, share } from './rule-summary.ts';

describe('alert rule summary', () => {
  it('reads the filters as one line, the watchlist first', () => {
    expect(
      ruleSummary(
        [
          { filter: 'Ticker', selector: 'Equal', tickers: ['SPY', 'QQQ'] },
          { filter: 'Premium', selector: 'Greater than equal', value: '100' },
          { filter: '', selector: '', value: '' },
        ],
        'Semis',
      ),
    ).toBe('Watchlist Semis · Ticker = SPY, QQQ · Premium >= $100K');
    expect(
      ruleSummary(
        [
          { filter: 'Strike', selector: 'Smaller than', value: '150.5' },
          { filter: 'DTE', selector: 'Smaller than equal', value: '7' },
          { filter: 'DTE', selector: 'Equal', value: '1' },
          { filter: 'Price', selector: 'Greater than', value: ' 2.5 ' },
          { filter: 'Volume', selector: 'Greater than', value: '500' },
        ],
        null,
      ),
    ).toBe('Strike < $150.5 · DTE <= 7 days · DTE = 1 day · Price > $2.5 · Volume > 500');
    expect(ruleSummary([], null)).toBe('Every trade (sent as digests only)');
  });

  it('takes the prefill from the URL only when it is a JSON list', () => {
    expect(filtersFromParam('[{"filter":"DTE","selector":"Equal","value":"0"}]')).toEqual([
      { filter: 'DTE', selector: 'Equal', value: '0' },
    ]);
    expect(filtersFromParam('{"a":1}')).toBeNull();
    expect(filtersFromParam('not json')).toBeNull();
    expect(filtersFromParam(null)).toBeNull();
  });

  it('formats moves and shares', () => {
    expect(percent(1.234)).toBe('+1.23%');
    expect(percent(-0.5)).toBe('-0.50%');
    expect(percent(null)).toBe('–');
    expect(share(0.456)).toBe('46%');
  });
});
