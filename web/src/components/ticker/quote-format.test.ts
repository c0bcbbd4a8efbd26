import { describe, expect, it } from 'vitest';
import { formatAsOf, formatRange, formatSigned, trendOf } from './quote-format.ts';

describe('quote formatting', () => {
  it('signs changes with + and a typographic minus, thousands separated', () => {
    expect(formatSigned(1234.567)).toBe('+1,234.57');
    expect(formatSigned(-0.6002, 2, '%')).toBe('−0.60%');
    expect(formatSigned(-0.004)).toBe('0.00');
    expect(formatSigned(Number.NaN)).toBe('—');
  });

  it('derives the trend from the change, falling back to the percent', () => {
    expect(trendOf(1.73, 1.02)).toBe('positive');
    expect(trendOf(-3.03, -0.6)).toBe('negative');
    expect(trendOf(0.001, 0.01)).toBe('neutral');
    expect(trendOf(null, -0.5)).toBe('negative');
    expect(trendOf(null, null)).toBe('neutral');
  });

  it('formats ranges with missing ends', () => {
    expect(formatRange(1234.5, 2000)).toBe('1,234.50 – 2,000.00');
    expect(formatRange(null, 15.53)).toBe('— – 15.53');
    expect(formatRange(null, undefined)).toBe('—');
  });

  it('shows a date-only as-of in UTC (no off-by-one day) and keeps unparseable text', () => {
    expect(formatAsOf('2024-03-08')).toBe('Mar 8, 2024');
    expect(formatAsOf('not a date')).toBe('not a date');
    expect(formatAsOf(null)).toBe('—');
  });
});
