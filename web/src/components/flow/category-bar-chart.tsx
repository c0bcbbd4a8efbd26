import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../charts/axis-ticks.ts';
import { categoryLabels, CategoryTick } from './category-axis.tsx';
import { ChartTooltip } from '../charts/chart-tooltip.tsx';

export interface BarSeries {
  id: string;
  color: string;
  /** One value per category; blank categories carry 0. */
  values: readonly number[];
}

export interface CategoryBarChartProps {
  categories: readonly string[];
  series: readonly BarSeries[];
  width: number;
  height: number;
  compact: boolean;
  formatValue: (value: number) => string;
  /** Y-axis labels; defaults to formatValue. */
  formatTick?: (value: number) => string;
  /** Extra tooltip lines for a category (e.g. the sizes behind the premiums). */
  details?: (index: number) => readonly string[];
  /** A category whose label is emphasised (a ticker the page highlights). */
  highlight?: string | null;
}

/**
 * Grouped vertical bars over text categories (tickers, strikes), hand-written SVG: @nivo/bar would
 * add ~50 kB gzip to the landing page. Labels turn 90 degrees when the bars get narrow; blank
 * categories (padding) keep their slot but draw nothing.
 */
export function CategoryBarChart({ categories, series, width, height, compact, formatValue, formatTick = formatValue, details, highlight = null }: CategoryBarChartProps) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const n = Math.max(1, categories.length);
  const longest = categories.reduce((m, c) => Math.max(m, c.length), 0);
  const left = compact ? 44 : 56;
  const { rotate, depth, every: labelEvery } = categoryLabels(longest, n, width - left - 8);
  const margin = { top: 10, right: 8, bottom: depth, left };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = Math.max(10, height - margin.top - margin.bottom);
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const ticks = niceTicks(0, max || 1, compact ? 3 : 5);
  const top = Math.max(max, ticks.at(-1) ?? 1) || 1;
  const y = (v: number) => margin.top + ((top - v) / top) * plotH;
  const step = plotW / n;
  const barW = Math.max(1, (step * 0.8) / Math.max(1, series.length));
  const text = theme.palette.text;

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const i = Math.floor(((event.clientX - rect.left) / Math.max(1, rect.width)) * n);
    setHover(categories[i] ? i : null);
  };

  return (
    <Box sx={{ position: 'relative', width, height }}>
      <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={compact ? 9 : 11} role="presentation">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={margin.left} x2={margin.left + plotW} y1={y(t)} y2={y(t)} stroke={theme.palette.divider} />
            <text x={margin.left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" fill={text.secondary}>
              {formatTick(t)}
            </text>
          </g>
        ))}
        {categories.map((c, i) => {
          const cx = margin.left + (i + 0.5) * step;
          return (
            <g key={`${c}-${i}`} data-category={c || undefined} data-highlighted={(c !== '' && c === highlight) || undefined}>
              {series.map((s, j) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const x0 = cx - (barW * series.length) / 2 + j * barW;
                return <rect key={s.id} x={x0} y={y(v)} width={Math.max(1, barW - 1)} height={Math.max(0.5, y(0) - y(v))} fill={s.color} fillOpacity={hover === i ? 1 : 0.85} />;
              })}
              {c && i % labelEvery === 0 && <CategoryTick x={cx} y={margin.top + plotH} rotate={rotate} label={c} emphasized={c === highlight} />}
            </g>
          );
        })}
        <rect x={margin.left} y={margin.top} width={plotW} height={plotH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
      </svg>
      {hover !== null && (
        <ChartTooltip
          x={margin.left + (hover + 0.5) * step}
          chartWidth={width}
          top={margin.top}
          title={categories[hover] ?? ''}
          rows={series.map((s) => ({ label: s.id, value: formatValue(s.values[hover] ?? 0) }))}
          extra={details?.(hover).map((d) => <Box key={d}>{d}</Box>)}
        />
      )}
    </Box>
  );
}
