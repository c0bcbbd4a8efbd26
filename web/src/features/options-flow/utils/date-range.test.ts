import { describe, expect, it } from 'vitest';
import { formatRange, parseRange } from './date-range.ts';

describe('Start - End range text', () => {
  it('reads YYYY-MM-DD - YYYY-MM-DD, spaces around the dash allowed', () => {
    expect(parseRange('2024-03-01 - 2024-03-08')).toEqual({ start: '2024-03-01', end: '2024-03-08' });
    expect(parseRange('  2024-03-01   -  2024-03-01 ')).toEqual({ start: '2024-03-01', end: '2024-03-01' });
    expect(formatRange('2024-03-01', '2024-03-08')).toBe('2024-03-01 - 2024-03-08');
    expect(formatRange('', '')).toBe('');
  });

  it('says what is wrong: format, calendar, earliest date, order', () => {
    expect(parseRange('03/01/2024 - 03/08/2024')).toBe('Use YYYY-MM-DD - YYYY-MM-DD');
    expect(parseRange('2024-03-01')).toBe('Use YYYY-MM-DD - YYYY-MM-DD');
    expect(parseRange('2024-02-30 - 2024-03-08')).toBe('Use YYYY-MM-DD - YYYY-MM-DD');
    expect(parseRange('2018-12-31 - 2019-01-02')).toBe('The range starts on 2019-01-01 at the earliest');
    expect(parseRange('2024-03-08 - 2024-03-01')).toBe('The end is before the start');
  });
});
