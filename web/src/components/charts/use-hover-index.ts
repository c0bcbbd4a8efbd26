import { useState, type MouseEvent } from 'react';

/** The point nearest to pointer x `px` when `count` points spread edge to edge over [left, left + width]. */
export function nearestIndex(px: number, left: number, width: number, count: number): number {
  if (count <= 1) return 0;
  const i = Math.round(((px - left) / width) * (count - 1));
  return Math.min(count - 1, Math.max(0, i));
}

/** The slot under pointer x `px` when [left, left + width] is cut into `count` equal slots (bars). */
export function slotIndex(px: number, left: number, width: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.floor(((px - left) / width) * count)));
}

/** Index of the value closest to `target` (a numeric axis with uneven gaps, e.g. strikes); -1 when empty. */
export function nearestValueIndex(values: readonly number[], target: number): number {
  let best = -1;
  values.forEach((v, i) => {
    if (best < 0 || Math.abs(v - target) < Math.abs(values[best]! - target)) best = i;
  });
  return best;
}

/**
 * Hovered index of a chart. `pick` gets the pointer's x and the width of the element the handlers
 * sit on (the plot rect), both in CSS pixels from its left edge, and answers an index or null.
 * Measured on each move because the card resizes and the page scrolls.
 */
export function useHoverIndex(pick: (x: number, width: number) => number | null) {
  const [hover, setHover] = useState<number | null>(null);
  const onMouseMove = (event: MouseEvent<Element>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setHover(pick(event.clientX - rect.left, Math.max(1, rect.width)));
  };
  return { hover, setHover, handlers: { onMouseMove, onMouseLeave: () => setHover(null) } };
}
