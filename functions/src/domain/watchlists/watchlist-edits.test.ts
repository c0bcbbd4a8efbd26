import { describe, expect, it } from 'vitest';
import { parseTickerCsv, parseTickerText, tickersToCsv } from '@tapewatch/shared/watchlists/limits';
import {
  addTickers,
  defaultList,
  isPermutation,
  namedLists,
  removeTickers,
  reorderLists,
  reorderTickers,
  tickersChanged,
  withDefault,
} from './watchlist-edits.ts';

const known = (t: string) => ['AAPL', 'MSFT', 'NVDA', 'AMD', 'BRK.B'].includes(t);

describe('watchlist edits', () => {
  it('normalises, skips duplicates and reports unknown tickers by name', () => {
    const out = addTickers({ name: 'W', tickers: ['AAPL'] }, ['aapl', ' $msft', 'msft', 'brk.b', 'nope', 'S&P'], known);
    expect(out).toEqual({
      ok: true,
      tickers: ['AAPL', 'MSFT', 'BRK.B'],
      added: ['MSFT', 'BRK.B'],
      duplicates: ['AAPL', 'MSFT'],
      unknown: ['NOPE', 'S&P'],
    });
  });

  it('refuses when nothing known was sent, and over the limit as a whole', () => {
    expect(addTickers({ name: 'W', tickers: [] }, ['NOPE'], known)).toEqual({
      ok: false,
      reason: 'unknown',
      unknown: ['NOPE'],
    });
    const full = addTickers({ name: 'W', tickers: ['AAPL', 'MSFT'] }, ['NVDA', 'AMD'], known, 3);
    expect(full.ok).toBe(false);
    expect(full.ok === false && full.reason === 'full' && full.message).toContain('at most 3 tickers');
    expect(addTickers({ name: 'W', tickers: ['AAPL', 'MSFT'] }, ['AAPL'], known, 2).ok).toBe(true);
  });

  it('removes and reorders only the same set', () => {
    expect(removeTickers({ tickers: ['AAPL', 'MSFT'] }, ['msft', 'X'])).toEqual({
      tickers: ['AAPL'],
      removed: ['MSFT'],
    });
    expect(reorderTickers({ tickers: ['AAPL', 'MSFT'] }, ['msft', 'AAPL'])).toEqual(['MSFT', 'AAPL']);
    expect(reorderTickers({ tickers: ['AAPL', 'MSFT'] }, ['MSFT'])).toBeNull();
    expect(reorderTickers({ tickers: ['AAPL', 'MSFT'] }, ['MSFT', 'MSFT'])).toBeNull();
    expect(isPermutation(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(isPermutation(['a', 'b'], ['b', 'b'])).toBe(false);
  });

  it('puts the default list first until it is stored, reorders lists by id, counts only named lists', () => {
    const l = (id: string) => ({ id, name: id, tickers: [], version: 1 });
    expect(withDefault([], defaultList)).toEqual([defaultList()]);
    expect(withDefault([l('a'), l('b')], defaultList).map((x) => x.id)).toEqual(['default', 'a', 'b']);
    // Once stored, the default list keeps the place the user gave it.
    expect(withDefault([l('b'), l('default'), l('a')], defaultList).map((x) => x.id)).toEqual(['b', 'default', 'a']);
    expect(reorderLists([l('default'), l('a'), l('b')], ['b', 'default', 'a']).map((x) => x.id)).toEqual([
      'b',
      'default',
      'a',
    ]);
    expect(namedLists([l('default'), l('a'), l('b')])).toBe(2);
  });

  it('parses pasted text and CSV (first column, header skipped) and writes CSV it can read back', () => {
    expect(parseTickerText('aapl, msft  nvda;\n$amd')).toEqual(['AAPL', 'MSFT', 'NVDA', 'AMD']);
    expect(parseTickerCsv('Symbol,Name\n"aapl",Apple\r\nmsft,Microsoft\n\n')).toEqual(['AAPL', 'MSFT']);
    expect(parseTickerCsv(tickersToCsv(['AAPL', 'BRK.B']))).toEqual(['AAPL', 'BRK.B']);
  });

  it('names the lists whose tickers changed: added, removed, deleted; not a reorder or a rename', () => {
    const before = [
      { id: 'a', tickers: ['AAPL', 'MSFT'] },
      { id: 'b', tickers: ['NVDA'] },
      { id: 'c', tickers: ['AMD'] },
      { id: 'd', tickers: ['AAPL'] },
      { id: 'e', tickers: ['AAPL', 'MSFT'] },
    ];
    const after = [
      { id: 'a', tickers: ['MSFT', 'AAPL'] },
      { id: 'b', tickers: ['NVDA', 'AMD'] },
      { id: 'd', tickers: [] },
      { id: 'e', tickers: ['AAPL', 'AMD'] },
      { id: 'new', tickers: ['AMD'] },
    ];
    expect(tickersChanged(before, after)).toEqual(['b', 'c', 'd', 'e']);
    expect(tickersChanged(before, before)).toEqual([]);
  });
});
