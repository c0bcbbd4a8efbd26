import { niceTicks } from './axis-ticks.ts';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PlotArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The drawing area inside the margins; at least 10 px each way so a card measured at 0 still lays out. */
export function plotArea(width: number, height: number, margin: Margin): PlotArea {
  return {
    left: margin.left,
    top: margin.top,
    width: Math.max(10, width - margin.left - margin.right),
    height: Math.max(10, height - margin.top - margin.bottom),
  };
}

/** Value -> y pixel over [min, max] (max at the top); a flat domain draws at mid-height instead of dividing by 0. */
export function yScale(min: number, max: number, top: number, height: number): (v: number) => number {
  return (v) => top + (max === min ? height / 2 : ((max - v) / (max - min)) * height);
}

/** Index -> x pixel for points spread edge to edge (the first on the left edge, the last on the right). */
export function pointScale(count: number, left: number, width: number): (i: number) => number {
  return (i) => left + (count > 1 ? (i / (count - 1)) * width : width / 2);
}

/** Index -> x pixel at the middle of equal slots (bars, candles); `step` is a slot's width. */
export function bandScale(count: number, left: number, width: number): { step: number; at: (i: number) => number } {
  const step = width / Math.max(1, count);
  return { step, at: (i) => left + (i + 0.5) * step };
}

/** Round ticks for [lo, hi] and an axis range holding both the data and every tick (so none is drawn off the plot). */
export function niceDomain(lo: number, hi: number, count: number): { ticks: number[]; min: number; max: number } {
  const ticks = niceTicks(lo, hi, count);
  return { ticks, min: Math.min(lo, ticks[0] ?? lo), max: Math.max(hi, ticks.at(-1) ?? hi) };
}

/** SVG path through the values; a null (or missing) value lifts the pen, so gaps stay gaps. */
export function linePath(
  values: ReadonlyArray<number | null | undefined>,
  x: (i: number) => number,
  y: (v: number) => number,
): string {
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || v === undefined) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
    pen = true;
  });
  return d;
}
