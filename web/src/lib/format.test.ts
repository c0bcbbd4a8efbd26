import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatNumber,
  formatPercent,
  formatRatioAsPercent,
  formatThousandsUsd,
  toFixedOrDash,
} from './format.ts';

describe('format', () => {
  it('adds thousands separators and fixed decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(-0.12345, 4)).toBe('-0.1235');
  });

  it('clamps decimals to 0-4', () => {
    expect(formatNumber(1.234567, 9)).toBe('1.2346');
    expect(formatNumber(1.6, -2)).toBe('2');
  });

  it('renders missing and non-finite values as a dash', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('-');
    expect(toFixedOrDash(null)).toBe('-');
  });

  it('drops trailing zeros in compact form', () => {
    expect(formatCompact(1200.5, 2)).toBe('1,200.5');
    expect(formatCompact(3, 2)).toBe('3');
  });

  it('formats percents and ratios', () => {
    expect(formatPercent(5.256)).toBe('5.26%');
    expect(formatPercent(-12, 0)).toBe('-12%');
    expect(formatRatioAsPercent(0.0525)).toBe('5.25%');
  });

  it('formats cost basis in thousands of dollars', () => {
    expect(formatThousandsUsd(1234.4)).toBe('$1,234K');
    expect(formatThousandsUsd(-56.6)).toBe('-$57K');
  });

  it('toFixedOrDash matches Number#toFixed', () => {
    expect(toFixedOrDash(1.23456)).toBe((1.23456).toFixed(2));
    expect(toFixedOrDash(-0.005, 2)).toBe((-0.005).toFixed(2));
  });
});
