import { useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../charts/axis-ticks.ts';
import { categoryLabels, CategoryTick, distinctCategories } from './category-axis.tsx';
import { ChartTooltip, type TooltipRow } from '../charts/chart-tooltip.tsx';
import { ChartSurface } from '../charts/chart-surface.tsx';
import { plotArea } from '../charts/scales.ts';

export interface Bubble {
  key: string;
  category: string;
  value: number;
  /** 0-1: the radius as a share of the largest radius (the square root of value / max keeps area proportional). */
  size: number;
  color: string;
  /** Outlined and drawn on top; the others fade while any bubble is emphasised. */
  emphasized?: boolean;
  rows: readonly TooltipRow[];
}

interface BubbleChartProps {
  bubbles: readonly Bubble[];
  width: number;
  height: number;
  /**
   * Under 850 px the categories run down the side, one row each, and the values across: thirty
   * tickers side by side would leave each about 9 px at 375 px.
   */
  compact: boolean;
  formatTick: (value: number) => string;
  /** A click on a bubble (pointer only: the card's data table is the accessible view). */
  onSelect?: (bubble: Bubble) => void;
}

/** Pixel height of a category row in the compact layout, and the room above and below the rows (the card is sized from them). */
export const BUBBLE_ROW = 22;
const BUBBLE_OVERHANG = 12;
export const compactBubbleHeight = (rows: number): number => rows * BUBBLE_ROW + 2 * BUBBLE_OVERHANG + 22;

/**
 * One bubble per item over text categories (several may share one), value on the other axis,
 * hand-written SVG (no chart library on the route). Small bubbles are drawn over large ones.
 */
export function BubbleChart({ bubbles, width, height, compact, formatTick, onSelect }: BubbleChartProps) {
  const { palette } = useTheme();
  const [hover, setHover] = useState<string | null>(null);
  const categories = distinctCategories(bubbles.map((b) => b.category));
  const n = Math.max(1, categories.length);
  const longest = categories.reduce((m, c) => Math.max(m, c.length), 0);
  const labels = categoryLabels(longest, n, width - 64);
  // Compact: the first and last rows keep room for a large bubble that reaches past its row.
  const overhang = compact ? BUBBLE_OVERHANG : 0;
  const margin = compact
    ? { top: overhang, right: 14, bottom: 22 + overhang, left: longest * 7 + 10 }
    : { top: 10, right: 8, bottom: labels.depth, left: 56 };
  const { width: plotW, height: plotH } = plotArea(width, height, margin);
  const catLen = compact ? plotH : plotW;
  const valLen = compact ? plotW : plotH;
  const step = catLen / n;
  const rMax = compact
    ? Math.min(step / 2 + overhang, 26)
    : Math.min(26, Math.max(6, Math.min(step * 0.9, valLen / 5)));
  const max = Math.max(0, ...bubbles.map((b) => b.value));
  const ticks = niceTicks(0, max || 1, compact ? 3 : 5);
  const top = Math.max(max, ticks.at(-1) ?? 1) || 1;
  // The far end of the value axis keeps one largest radius free, so the top bubble is not cut.
  const val = (v: number) => (v / top) * (valLen - rMax);
  const pos = (i: number, v: number) =>
    compact
      ? { x: margin.left + val(v), y: margin.top + (i + 0.5) * step }
      : { x: margin.left + (i + 0.5) * step, y: margin.top + plotH - val(v) };
  const anyEmphasis = bubbles.some((b) => b.emphasized);
  const emphasizedCats = new Set(bubbles.filter((b) => b.emphasized).map((b) => b.category));
  const order = [...bubbles].sort(
    (a, b) => Number(a.emphasized ?? false) - Number(b.emphasized ?? false) || b.size - a.size,
  );
  const hovered = bubbles.find((b) => b.key === hover);
  const hoverAt = hovered ? pos(categories.indexOf(hovered.category), hovered.value) : null;

  const tooltip = hovered && hoverAt && (
    <ChartTooltip
      x={hoverAt.x}
      chartWidth={width}
      top={Math.max(0, Math.min(hoverAt.y - 20, height - 110))}
      title={hovered.category}
      rows={hovered.rows}
    />
  );

  return (
    <ChartSurface width={width} height={height} fontSize={compact ? 10 : 11} overlay={tooltip}>
      {ticks.map((t) => {
        const p = pos(0, t);
        return (
          <g key={t}>
            {compact ? (
              <line x1={p.x} x2={p.x} y1={margin.top} y2={margin.top + plotH} stroke={palette.divider} />
            ) : (
              <line x1={margin.left} x2={margin.left + plotW} y1={p.y} y2={p.y} stroke={palette.divider} />
            )}
            <text
              x={compact ? p.x : margin.left - 6}
              y={compact ? margin.top + plotH + 14 : p.y}
              textAnchor={compact ? 'middle' : 'end'}
              dominantBaseline={compact ? undefined : 'central'}
              fill={palette.text.secondary}
            >
              {formatTick(t)}
            </text>
          </g>
        );
      })}
      {categories.map((c, i) => {
        const emphasized = emphasizedCats.has(c);
        if (compact) {
          const y = margin.top + (i + 0.5) * step;
          return (
            <text
              key={c}
              x={margin.left - 6}
              y={y}
              textAnchor="end"
              dominantBaseline="central"
              fill={emphasized ? palette.text.primary : palette.text.secondary}
              fontWeight={emphasized ? 700 : undefined}
            >
              {c}
            </text>
          );
        }
        if (i % labels.every !== 0 && !emphasized) return null;
        return (
          <CategoryTick
            key={c}
            x={margin.left + (i + 0.5) * step}
            y={margin.top + plotH}
            rotate={labels.rotate}
            label={c}
            emphasized={emphasized}
          />
        );
      })}
      {order.map((b) => {
        const p = pos(categories.indexOf(b.category), b.value);
        const faded = anyEmphasis && !b.emphasized;
        return (
          <circle
            key={b.key}
            cx={p.x}
            cy={p.y}
            r={Math.max(3, b.size * rMax)}
            fill={b.color}
            fillOpacity={hover === b.key ? 0.95 : faded ? 0.2 : 0.6}
            stroke={b.emphasized ? palette.text.primary : b.color}
            strokeWidth={b.emphasized ? 2.5 : 1}
            strokeOpacity={faded ? 0.4 : 1}
            data-category={b.category}
            data-emphasized={b.emphasized || undefined}
            onMouseEnter={() => setHover(b.key)}
            onMouseLeave={() => setHover(null)}
            onClick={onSelect ? () => onSelect(b) : undefined}
            style={onSelect ? { cursor: 'pointer' } : undefined}
          />
        );
      })}
    </ChartSurface>
  );
}
