import { describe, expect, it } from 'vitest';
import { nanosToMillis, newYorkDate, newYorkDateTime } from './trading-date.ts';

describe('New York trading dates', () => {
  it('uses the New York day, not the UTC day', () => {
    expect(newYorkDate(Date.UTC(2024, 0, 2, 4, 30))).toBe('2024-01-01'); // 23:30 EST
    expect(newYorkDate(Date.UTC(2024, 0, 2, 5, 0))).toBe('2024-01-02'); // midnight EST
    expect(newYorkDate(Date.UTC(2024, 6, 2, 3, 59))).toBe('2024-07-01'); // 23:59 EDT
    expect(newYorkDate(Date.UTC(2024, 6, 2, 4, 0))).toBe('2024-07-02'); // midnight EDT
  });

  it('handles both DST switch days', () => {
    expect(newYorkDateTime(Date.UTC(2024, 2, 10, 6, 59, 59))).toBe('2024-03-10T01:59:59');
    expect(newYorkDateTime(Date.UTC(2024, 2, 10, 7, 0, 0))).toBe('2024-03-10T03:00:00');
    expect(newYorkDateTime(Date.UTC(2024, 10, 3, 5, 30))).toBe('2024-11-03T01:30:00');
    expect(newYorkDateTime(Date.UTC(2024, 10, 3, 6, 30))).toBe('2024-11-03T01:30:00');
    expect(newYorkDateTime(Date.UTC(2024, 2, 8, 0, 0))).toBe('2024-03-07T19:00:00');
  });

  it('converts Polygon nanosecond stamps to ms', () => {
    expect(nanosToMillis(1651251948294080300)).toBe(1651251948294);
  });
});
