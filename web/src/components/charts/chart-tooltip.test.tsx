import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ChartTooltip, clampSpan, SeriesTooltip, tooltipSide } from './chart-tooltip.tsx';

describe('tooltip placement', () => {
  it('sits beside the point on the side with more room', () => {
    expect(tooltipSide(100, 600)).toEqual({ left: 112 });
    expect(tooltipSide(300, 600)).toEqual({ left: 312 });
    expect(tooltipSide(450, 600)).toEqual({ right: 162 });
  });

  it('keeps an in-plot box inside the plot', () => {
    // plot from 50 to 450, box 100 wide
    expect(clampSpan(200, 100, 50, 450)).toBe(200);
    expect(clampSpan(10, 100, 50, 450)).toBe(50);
    expect(clampSpan(400, 100, 50, 450)).toBe(350);
  });
});

describe('ChartTooltip', () => {
  it('shows the title and one label/value row per series, placed right of a point on the left half', () => {
    render(
      <ChartTooltip
        x={100}
        chartWidth={600}
        top={10}
        title="2024-05-01"
        rows={[
          { label: 'Calls', value: '$12K' },
          { label: 'Puts', value: '$3K' },
        ]}
      />,
    );
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('2024-05-01Calls$12KPuts$3K');
    expect(getComputedStyle(tip).left).toBe('112px');
    expect(getComputedStyle(tip).top).toBe('10px');
  });

  it('is placed left of a point on the right half', () => {
    render(<ChartTooltip x={500} chartWidth={600} top={0} title="t" rows={[]} />);
    const style = getComputedStyle(screen.getByRole('tooltip'));
    expect(style.right).toBe('112px');
    expect(style.left).toBe('');
  });
});

describe('SeriesTooltip', () => {
  const items = [
    { id: 'a', label: 'Calls', color: '#0a0', value: '12', note: 'strike 100' },
    { id: 'b', label: 'Puts', color: '#a00', value: '3' },
  ];

  it('lists each series with its value and note', () => {
    render(
      <SeriesTooltip
        x={10}
        chartWidth={600}
        top={0}
        title="Strike 100"
        items={items}
        swatch="square"
        empty="No open interest"
      />,
    );
    const tip = screen.getByRole('tooltip');
    expect(within(tip).getByText('Calls').parentElement!.textContent).toBe('Calls12strike 100');
    expect(within(tip).getByText('Puts').parentElement!.textContent).toBe('Puts3');
    expect(within(tip).queryByText('No open interest')).toBeNull();
  });

  it('says when no series has a value, and can be pinned to the left edge', () => {
    render(
      <SeriesTooltip
        x={550}
        chartWidth={600}
        top={0}
        title="Strike 105"
        items={[]}
        swatch="dot"
        empty="No open interest"
        pinLeft
      />,
    );
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Strike 105No open interest');
    expect(getComputedStyle(tip).left).toBe('0px');
  });
});
