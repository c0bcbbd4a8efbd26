import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface TooltipRow {
  label: string;
  value: string;
}

export interface SeriesTooltipItem {
  id: string;
  label: string;
  color: string;
  value: string;
  /** Muted text after the value (e.g. the strike behind it). */
  note?: string;
}

/** CSS offsets that put the box 12 px beside `x`, on the side with more room, so it never covers the hovered point. */
export function tooltipSide(x: number, chartWidth: number): { left: number } | { right: number } {
  return x > chartWidth / 2 ? { right: chartWidth - x + 12 } : { left: x + 12 };
}

/** Start of a span of `size` px moved inside [lo, hi] (an in-SVG tooltip must stay in the plot to be saved with it). */
export function clampSpan(start: number, size: number, lo: number, hi: number): number {
  return Math.min(Math.max(start, lo), hi - size);
}

interface TooltipBoxProps {
  x: number;
  chartWidth: number;
  top: number;
  title: ReactNode;
  /** A little air under the title (the keyed lists). */
  titleGap?: boolean;
  /** Against the chart's left edge whatever `x` is (narrow screens, where a long list would be cut off). */
  pinLeft?: boolean;
  children: ReactNode;
}

/** The hover box over a chart: absolutely placed in the chart's relative wrapper, never catching the pointer. */
export function TooltipBox({
  x,
  chartWidth,
  top,
  title,
  titleGap = false,
  pinLeft = false,
  children,
}: TooltipBoxProps) {
  return (
    <Box
      role="tooltip"
      sx={{
        position: 'absolute',
        top,
        ...(pinLeft ? { left: 0 } : tooltipSide(x, chartWidth)),
        pointerEvents: 'none',
        bgcolor: 'background.paper',
        boxShadow: 4,
        borderRadius: 1,
        px: 1,
        py: 0.5,
        fontSize: 12,
        whiteSpace: 'nowrap',
      }}
    >
      <Box sx={{ fontWeight: 600, ...(titleGap ? { mb: 0.25 } : {}) }}>{title}</Box>
      {children}
    </Box>
  );
}

/** A title over label/value rows. */
export function ChartTooltip({
  x,
  chartWidth,
  top,
  title,
  rows,
  extra,
}: {
  x: number;
  chartWidth: number;
  top: number;
  title: string;
  rows: readonly TooltipRow[];
  extra?: ReactNode;
}) {
  return (
    <TooltipBox x={x} chartWidth={chartWidth} top={top} title={title}>
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between' }}>
          <span>{r.label}</span>
          <span>{r.value}</span>
        </Box>
      ))}
      {extra}
    </TooltipBox>
  );
}

interface SeriesTooltipProps {
  x: number;
  chartWidth: number;
  top: number;
  title: string;
  items: readonly SeriesTooltipItem[];
  /** The colour key's shape, matching the chart's marks. */
  swatch: 'dot' | 'square';
  /** Shown when no series has a value here. */
  empty?: string;
  pinLeft?: boolean;
}

/** A title over one keyed row per series (colour, name, value), for charts with many series at one x. */
export function SeriesTooltip({ x, chartWidth, top, title, items, swatch, empty, pinLeft }: SeriesTooltipProps) {
  return (
    <TooltipBox x={x} chartWidth={chartWidth} top={top} title={title} titleGap pinLeft={pinLeft}>
      {items.length === 0 && empty && <Box>{empty}</Box>}
      {items.map((h) => (
        <Box key={h.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 8, height: 8, borderRadius: swatch === 'dot' ? '50%' : '2px', bgcolor: h.color }} />
          <Box sx={{ flex: 1 }}>{h.label}</Box>
          <Box sx={{ ml: 1.5, fontVariantNumeric: 'tabular-nums' }}>{h.value}</Box>
          {h.note && <Box sx={{ ml: 1, color: 'text.secondary' }}>{h.note}</Box>}
        </Box>
      ))}
    </TooltipBox>
  );
}
