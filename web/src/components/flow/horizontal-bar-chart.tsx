import { useState } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../charts/axis-ticks.ts';
import type { CategoryBarChartProps } from './category-bar-chart.tsx';
import { ChartTooltip } from '../charts/chart-tooltip.tsx';
import { ChartSurface } from '../charts/chart-surface.tsx';
import { plotArea } from '../charts/scales.ts';

/** Categories are rows here (sector names are long: they read across, never turned). */
type HorizontalBarChartProps = Pick<
  CategoryBarChartProps,
  'categories' | 'series' | 'width' | 'height' | 'compact' | 'formatValue' | 'formatTick'
>;

/** Average character width of the 11 px label font, for the label column. */
const CHAR_PX = 6.2;

/** Shortens a label to `chars` characters with an ellipsis (the full name stays in the tooltip and table). */
export function fitLabel(label: string, chars: number): string {
  return label.length <= chars ? label : `${label.slice(0, Math.max(1, chars - 1))}\u2026`;
}

/**
 * Grouped horizontal bars whose values may be negative (a net outflow), drawn from a zero line,
 * hand-written SVG. Each category is a row; its series sit one under another.
 */
export function HorizontalBarChart({
  categories,
  series,
  width,
  height,
  compact,
  formatValue,
  formatTick = formatValue,
}: HorizontalBarChartProps) {
  const { palette } = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const n = Math.max(1, categories.length);
  const longest = categories.reduce((m, c) => Math.max(m, c.length), 0);
  const left = Math.min(longest * CHAR_PX + 10, width * (compact ? 0.36 : 0.3));
  const chars = Math.floor((left - 10) / CHAR_PX);
  const margin = { top: 4, right: 12, bottom: 22, left };
  const { width: plotW, height: plotH } = plotArea(width, height, margin);
  const values = series.flatMap((s) => s.values);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values) || 1, compact ? 3 : 6);
  const lo = Math.min(0, ...values, ticks[0] ?? 0);
  const hi = Math.max(0, ...values, ticks.at(-1) ?? 1);
  const x = (v: number) => margin.left + ((v - lo) / (hi - lo || 1)) * plotW;
  const rowH = plotH / n;
  const barH = Math.max(1, (rowH * 0.78) / Math.max(1, series.length));

  const tooltip = hover !== null && (
    <ChartTooltip
      x={Math.max(margin.left, ...series.map((s) => x(s.values[hover] ?? 0)))}
      chartWidth={width}
      top={Math.min(margin.top + (hover + 1) * rowH, Math.max(0, height - 90))}
      title={categories[hover] ?? ''}
      rows={series.map((s) => ({ label: s.id, value: formatValue(s.values[hover] ?? 0) }))}
    />
  );

  return (
    <ChartSurface width={width} height={height} fontSize={compact ? 10 : 11} overlay={tooltip}>
      {ticks.map((t) => (
        <g key={t}>
          <line
            x1={x(t)}
            x2={x(t)}
            y1={margin.top}
            y2={margin.top + plotH}
            stroke={t === 0 ? palette.text.secondary : palette.divider}
          />
          <text x={x(t)} y={margin.top + plotH + 14} textAnchor="middle" fill={palette.text.secondary}>
            {formatTick(t)}
          </text>
        </g>
      ))}
      {categories.map((c, i) => {
        const y0 = margin.top + i * rowH + (rowH - barH * series.length) / 2;
        return (
          <g key={c} data-category={c} onMouseEnter={() => setHover(i)} onMouseLeave={() => setHover(null)}>
            <rect
              x={0}
              y={margin.top + i * rowH}
              width={width}
              height={rowH}
              fill={hover === i ? palette.action.hover : 'transparent'}
            />
            <text
              x={margin.left - 6}
              y={margin.top + (i + 0.5) * rowH}
              textAnchor="end"
              dominantBaseline="central"
              fill={palette.text.secondary}
            >
              {fitLabel(c, chars)}
            </text>
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              const a = Math.min(x(0), x(v));
              return (
                <rect
                  key={s.id}
                  x={a}
                  y={y0 + j * barH}
                  width={Math.max(v === 0 ? 0 : 1, Math.abs(x(v) - x(0)))}
                  height={Math.max(1, barH - 1)}
                  fill={s.color}
                />
              );
            })}
          </g>
        );
      })}
    </ChartSurface>
  );
}
