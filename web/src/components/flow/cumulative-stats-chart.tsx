import { useState, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../charts/axis-ticks.ts';
import { SeriesLegend } from '../charts/series-legend.tsx';
import { ChartCard } from '../charts/chart-card.tsx';
import { ChartTooltip } from '../charts/chart-tooltip.tsx';
import { cumulativeTable, formatPremiumTick, type HistoricalPremiumData } from './flow-chart-data.ts';
import { formatPremium } from './flow-table-logic.ts';

interface CumulativeStatsChartProps {
  data: HistoricalPremiumData;
  title?: string;
  note?: ReactNode;
  controls?: ReactNode;
}

interface Line {
  id: string;
  color: string;
  values: readonly number[];
  axis: 'left' | 'right';
}

function scale(values: readonly number[], top: number, plotH: number, count: number) {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = hi === lo ? Math.abs(hi) * 0.1 || 1 : (hi - lo) * 0.06;
  const ticks = niceTicks(lo - pad, hi + pad, count).filter((t) => t >= lo - pad && t <= hi + pad);
  return { ticks, at: (v: number) => top + ((hi + pad - v) / (hi + pad - (lo - pad))) * plotH };
}

function Plot({ data, lines, width, height, compact }: { data: HistoricalPremiumData; lines: readonly Line[]; width: number; height: number; compact: boolean }) {
  const theme = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const margin = { top: 10, right: compact ? 40 : 56, bottom: 24, left: compact ? 48 : 60 };
  const plotW = Math.max(10, width - margin.left - margin.right);
  const plotH = Math.max(10, height - margin.top - margin.bottom);
  const n = data.dates.length;
  const x = (i: number) => margin.left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const left = scale(lines.filter((l) => l.axis === 'left').flatMap((l) => l.values), margin.top, plotH, compact ? 4 : 6);
  const right = scale(data.prices.length ? data.prices : [0], margin.top, plotH, compact ? 4 : 6);
  const labelEvery = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / (compact ? 48 : 64)))));
  const text = theme.palette.text;
  const path = (l: Line) => l.values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${(l.axis === 'left' ? left : right).at(v).toFixed(1)}`).join('');

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setHover(Math.min(n - 1, Math.max(0, Math.round(((event.clientX - rect.left) / Math.max(1, rect.width)) * (n - 1)))));
  };

  return (
    <Box sx={{ position: 'relative', width, height }}>
      <svg width={width} height={height} fontFamily={theme.typography.fontFamily} fontSize={compact ? 9 : 11} role="presentation">
        {left.ticks.map((t) => (
          <g key={`l${t}`}>
            <line x1={margin.left} x2={margin.left + plotW} y1={left.at(t)} y2={left.at(t)} stroke={theme.palette.divider} strokeWidth={t === 0 ? 1.5 : 1} />
            <text x={margin.left - 6} y={left.at(t)} textAnchor="end" dominantBaseline="central" fill={text.secondary}>
              {formatPremiumTick(t)}
            </text>
          </g>
        ))}
        {right.ticks.map((t) => (
          <text key={`r${t}`} x={margin.left + plotW + 6} y={right.at(t)} dominantBaseline="central" fill={text.secondary}>
            {t}
          </text>
        ))}
        {data.dates.map((d, i) =>
          i % labelEvery === 0 ? (
            <text key={d} x={x(i)} y={margin.top + plotH + 15} textAnchor="middle" fill={text.secondary}>
              {d.slice(5)}
            </text>
          ) : null,
        )}
        {lines.map((l) => (
          <path key={l.id} d={path(l)} fill="none" stroke={l.color} strokeWidth={compact ? 1.5 : 2} strokeDasharray={l.axis === 'right' ? '4 3' : undefined} data-line={l.id} />
        ))}
        {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={margin.top} y2={margin.top + plotH} stroke={text.primary} strokeOpacity={0.4} />}
        <rect x={margin.left} y={margin.top} width={plotW} height={plotH} fill="transparent" onMouseMove={onMove} onMouseLeave={() => setHover(null)} />
      </svg>
      {hover !== null && (
        <ChartTooltip
          x={x(hover)}
          chartWidth={width}
          top={margin.top}
          title={data.dates[hover] ?? ''}
          rows={lines.map((l) => ({ label: l.id, value: l.axis === 'right' ? (l.values[hover] ?? 0).toFixed(2) : formatPremium(l.values[hover] ?? 0) }))}
        />
      )}
    </Box>
  );
}

/** Cumulative net, call and put premiums over days (left axis) with the closing price (right axis). */
export function CumulativeStatsChart({ data, title = 'Cumulative Premiums', note, controls }: CumulativeStatsChartProps) {
  const { palette } = useTheme();
  const lines: Line[] = [
    { id: 'Net', color: palette.primary.main, values: data.cum_net_premiums, axis: 'left' },
    { id: 'Calls', color: palette.success.main, values: data.cum_call_premiums, axis: 'left' },
    { id: 'Puts', color: palette.error.main, values: data.cum_put_premiums, axis: 'left' },
    { id: 'Price', color: palette.text.secondary, values: data.prices, axis: 'right' },
  ];
  const legend = (
    <SeriesLegend shape="line" items={lines.map((l) => ({ color: l.color, label: l.id === 'Price' ? 'Price (right axis)' : `Cumulative ${l.id.toLowerCase()}` }))} />
  );
  return (
    <ChartCard title={title} table={cumulativeTable(data)} height={320} mobileHeight={280} note={note} controls={<>{controls}{legend}</>}>
      {({ width, height, isMobile }) => <Plot data={data} lines={lines} width={width} height={height} compact={isMobile} />}
    </ChartCard>
  );
}
