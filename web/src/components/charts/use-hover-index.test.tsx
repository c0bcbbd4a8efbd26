import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { HoverPlane } from './hover-marks.tsx';
import { nearestIndex, nearestValueIndex, slotIndex, useHoverIndex } from './use-hover-index.ts';

describe('hover index', () => {
  it('maps a pointer x to the nearest of points spread edge to edge', () => {
    expect(nearestIndex(50, 0, 100, 11)).toBe(5);
    expect(nearestIndex(54.9, 0, 100, 11)).toBe(5);
    expect(nearestIndex(55.1, 0, 100, 11)).toBe(6);
    expect(nearestIndex(-20, 0, 100, 11)).toBe(0);
    expect(nearestIndex(180, 60, 100, 3)).toBe(2);
    expect(nearestIndex(110, 60, 100, 3)).toBe(1);
    expect(nearestIndex(30, 0, 100, 1)).toBe(0);
  });

  it('maps a pointer x to the slot under it, the right edge included in the last slot', () => {
    expect(slotIndex(0, 0, 100, 4)).toBe(0);
    expect(slotIndex(24.9, 0, 100, 4)).toBe(0);
    expect(slotIndex(25, 0, 100, 4)).toBe(1);
    expect(slotIndex(100, 0, 100, 4)).toBe(3);
    expect(slotIndex(-5, 0, 100, 4)).toBe(0);
  });

  it('finds the value nearest a position on an uneven numeric axis', () => {
    expect(nearestValueIndex([90, 95, 100, 110, 130], 104)).toBe(2);
    expect(nearestValueIndex([90, 95, 100, 110, 130], 121)).toBe(4);
    expect(nearestValueIndex([90, 95, 100, 110, 130], 0)).toBe(0);
    expect(nearestValueIndex([], 5)).toBe(-1);
  });
});

function Probe({ count }: { count: number }) {
  const { hover, handlers } = useHoverIndex((px, w) => nearestIndex(px, 0, w, count));
  return (
    <>
      <svg aria-label="Plot">
        <HoverPlane plot={{ left: 0, top: 0, width: 200, height: 100 }} {...handlers} />
      </svg>
      <output>{hover === null ? 'none' : hover}</output>
    </>
  );
}

describe('useHoverIndex', () => {
  it('reads the pointer against the hovered element where it is on the page, and clears on leave', () => {
    const { container } = render(<Probe count={5} />);
    const plane = container.querySelector('rect')!;
    // The plot starts 100 px into the page and is drawn 400 px wide (a scaled SVG): 5 points at 0, 100, ... 400.
    vi.spyOn(plane, 'getBoundingClientRect').mockReturnValue({
      left: 100,
      width: 400,
      top: 0,
      height: 100,
      right: 500,
      bottom: 100,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    expect(screen.getByRole('status').textContent).toBe('none');
    fireEvent.mouseMove(plane, { clientX: 100 + 260 });
    expect(screen.getByRole('status').textContent).toBe('3');
    fireEvent.mouseMove(plane, { clientX: 90 });
    expect(screen.getByRole('status').textContent).toBe('0');
    fireEvent.mouseLeave(plane);
    expect(screen.getByRole('status').textContent).toBe('none');
  });
});
