import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { abbreviateNumber, DualAxisLineChart } from './dual-axis-line-chart.tsx';

describe('abbreviateNumber', () => {
  it('shortens share counts for axis ticks', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(950)).toBe('950');
    expect(abbreviateNumber(1_234_000)).toBe('1.23M');
    expect(abbreviateNumber(45_600_000)).toBe('45.6M');
    expect(abbreviateNumber(300_000_000)).toBe('300M');
    expect(abbreviateNumber(2_500_000_000)).toBe('2.5B');
  });
});

describe('DualAxisLineChart', () => {
  const fmt = (v: number) => String(v);
  it('draws the daily line with its gap and one dot per sparse observation', () => {
    const { container } = render(
      <DualAxisLineChart
        dates={['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02']}
        left={{ id: 'Price', color: '#00f', values: [10, null, 12, 13], formatTick: fmt, formatValue: fmt }}
        right={{
          id: 'Short Interest',
          color: '#f00',
          values: [null, 5_000_000, null, 6_000_000],
          formatTick: abbreviateNumber,
          formatValue: fmt,
        }}
        width={600}
        height={300}
        compact={false}
      />,
    );
    const price = container.querySelector('path[data-series="Price"]')!.getAttribute('d')!;
    // a null breaks the line: two sub-paths
    expect(price.match(/M/g)).toHaveLength(2);
    expect(container.querySelectorAll('circle[data-point="Short Interest"]')).toHaveLength(2);
    const si = container.querySelector('path[data-series="Short Interest"]')!.getAttribute('d')!;
    expect(si.match(/[ML]/g)).toEqual(['M', 'L']);
    expect(container.textContent).toContain('Price (left)');
    expect(container.textContent).toContain('Short Interest (right)');
    // the right axis starts at zero
    expect(container.textContent).toContain('6M');
  });
});
