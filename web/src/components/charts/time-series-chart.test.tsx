import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { TimeSeriesChart } from './time-series-chart.tsx';

describe('TimeSeriesChart hover', () => {
  it('shows every series at the date nearest the pointer, highest first, with a crosshair', () => {
    const dates = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08'];
    const { container } = render(
      <TimeSeriesChart
        dates={dates}
        series={[
          { id: 'SPY', color: '#00f', values: [1, 2, 3, 4, 5] },
          { id: 'QQQ', color: '#f00', values: [2, 4, 6, null, 10] },
        ]}
        width={800}
        height={300}
        compact={false}
        formatValue={(v) => `${v}%`}
        tooltipNote={(id, i) => (id === 'SPY' && i === 2 ? 'note' : undefined)}
      />,
    );
    const plane = [...container.querySelectorAll('rect[fill="transparent"]')].at(-1)!;
    vi.spyOn(plane, 'getBoundingClientRect').mockReturnValue({
      left: 52,
      width: 400,
      top: 0,
      height: 100,
      right: 452,
      bottom: 100,
      x: 52,
      y: 0,
      toJSON: () => ({}),
    });
    const lines = () => container.querySelectorAll('line').length;
    const before = lines();
    // 4 gaps of 100 px: 52 + 190 is nearest the third date.
    fireEvent.mouseMove(plane, { clientX: 52 + 190 });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('2024-01-04QQQ6%SPY3%note');
    expect(lines()).toBe(before + 1);
    fireEvent.mouseMove(plane, { clientX: 52 + 310 });
    expect(within(screen.getByRole('tooltip')).getByText('2024-01-05')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toContain('QQQ-');
    fireEvent.mouseLeave(plane);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(lines()).toBe(before);
  });
});
