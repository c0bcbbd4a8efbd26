import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';
import { XTick, YGrid } from '../../../components/charts/axes.tsx';
import { SeriesTooltip } from '../../../components/charts/chart-tooltip.tsx';
import { HoverPlane } from '../../../components/charts/hover-marks.tsx';
import { niceDomain, plotArea, yScale } from '../../../components/charts/scales.ts';
import { nearestValueIndex, useHoverIndex } from '../../../components/charts/use-hover-index.ts';
import type { ReferenceLine, StrikeChartData } from '../utils/reshape.ts';
import { ChartSurface } from '../../../components/charts/chart-surface.tsx';

interface StrikeBarChartProps {
  data: StrikeChartData;
  width: number;
  height: number;
  compact: boolean;
  formatValue: (value: number) => string;
  referenceLines?: readonly ReferenceLine[];
}

const CHAR_PX = 6.6;

/** Centres each label on its line, clamped to the chart, on the first row where it overlaps no other label. */
function placeLabels(items: ReadonlyArray<{ id: string; x: number; text: string }>, width: number) {
  const rowEnds: number[] = [];
  const placed = new Map<string, { left: number; row: number; text: string }>();
  for (const item of [...items].sort((a, b) => a.x - b.x)) {
    const w = item.text.length * CHAR_PX;
    const leftEdge = Math.min(Math.max(0, item.x - w / 2), Math.max(0, width - w));
    let row = rowEnds.findIndex((end) => end + 8 <= leftEdge);
    if (row < 0) row = rowEnds.push(0) - 1;
    rowEnds[row] = leftEdge + w;
    placed.set(item.id, { left: leftEdge, row, text: item.text });
  }
  return items.map((i) => placed.get(i.id)!);
}

/**
 * Bars per strike on a numeric strike axis, positive values stacked up and negative values stacked
 * down (calls over puts). Hand-written SVG instead of @nivo/bar, which would add ~50 kB gzip to the
 * route. Vertical reference lines (spot, walls, zero gamma) sit at exact prices between strikes.
 */
export function StrikeBarChart({
  data,
  width,
  height,
  compact,
  formatValue,
  referenceLines = [],
}: StrikeBarChartProps) {
  const theme = useTheme();
  const { strikes, series } = data;
  const right = compact ? 8 : 16;
  const left = compact ? 44 : 56;
  const plotW = Math.max(10, width - left - right);
  const gaps = strikes
    .slice(1)
    .map((k, i) => k - strikes[i]!)
    .filter((g) => g > 0);
  const step = gaps.length ? Math.min(...gaps) : 1;
  const refValues = referenceLines.map((r) => r.value);
  const xLo = Math.min((strikes[0] ?? 0) - step / 2, ...refValues);
  const xHi = Math.max((strikes.at(-1) ?? 1) + step / 2, ...refValues);
  const x = (k: number) => left + (xHi === xLo ? plotW / 2 : ((k - xLo) / (xHi - xLo)) * plotW);
  const labels = placeLabels(
    referenceLines.map((r) => ({ id: r.id, x: x(r.value), text: compact ? r.label : `${r.label} ${r.value}` })),
    width,
  );
  const labelRows = labels.reduce((n, l) => Math.max(n, l.row + 1), 0);
  const margin = { top: 8 + labelRows * 16, right, bottom: 28, left };
  const plot = plotArea(width, height, margin);
  const plotH = plot.height;

  // Stack tops and bottoms per strike.
  const up = strikes.map((_, i) => series.reduce((s, ser) => s + Math.max(0, ser.values[i] ?? 0), 0));
  const down = strikes.map((_, i) => series.reduce((s, ser) => s + Math.min(0, ser.values[i] ?? 0), 0));
  const { ticks: yTicks, min: yMin, max: yMax } = niceDomain(Math.min(0, ...down), Math.max(0, ...up), compact ? 4 : 6);
  const y = yScale(yMin, yMax, margin.top, plotH);

  const barW = Math.max(1, (step / Math.max(1e-9, xHi - xLo)) * plotW * 0.8);
  const xTicks = niceTicks(xLo, xHi, Math.max(2, Math.floor(plotW / (compact ? 60 : 80))));

  const bars = strikes.flatMap((k, i) => {
    let top = 0;
    let bottom = 0;
    return series.flatMap((s) => {
      const v = s.values[i] ?? 0;
      if (v === 0) return [];
      const from = v > 0 ? top : bottom;
      const to = from + v;
      if (v > 0) top = to;
      else bottom = to;
      return [
        {
          key: `${s.id}-${k}`,
          x: x(k) - barW / 2,
          y: Math.min(y(from), y(to)),
          h: Math.max(0.5, Math.abs(y(to) - y(from))),
          color: s.color,
          neg: v < 0,
        },
      ];
    });
  });

  const { hover, handlers } = useHoverIndex((px, w) => {
    const best = nearestValueIndex(strikes, xLo + (px / w) * (xHi - xLo));
    return best >= 0 ? best : null;
  });

  const text = theme.palette.text;
  const hovered =
    hover === null
      ? []
      : series.map((s) => ({ ...s, value: s.values[hover] ?? null })).filter((s) => s.value !== null && s.value !== 0);

  const tooltip = hover !== null && (
    <SeriesTooltip
      x={x(strikes[hover]!)}
      chartWidth={width}
      top={margin.top}
      title={`Strike ${strikes[hover]}`}
      swatch="square"
      empty="No open interest"
      // Narrow screens: pinned to the left edge so a long list is never cut off.
      pinLeft={compact}
      items={hovered.map((h) => ({ id: h.id, label: h.label, color: h.color, value: formatValue(h.value!) }))}
    />
  );

  return (
    <ChartSurface width={width} height={height} overlay={tooltip}>
      <YGrid ticks={yTicks} y={y} plot={plot} format={formatValue} zeroLine />
      {xTicks.map((t) => (
        <XTick key={t} x={x(t)} plot={plot}>
          {t}
        </XTick>
      ))}
      {bars.map((b) => (
        <rect key={b.key} x={b.x} y={b.y} width={barW} height={b.h} fill={b.color} fillOpacity={b.neg ? 0.65 : 0.95} />
      ))}
      {referenceLines.map((r, i) => (
        <g key={r.id} data-testid={`ref-${r.id}`}>
          <line
            x1={x(r.value)}
            x2={x(r.value)}
            y1={margin.top}
            y2={margin.top + plotH}
            stroke={r.color}
            strokeWidth={1.5}
            strokeDasharray="5 3"
          />
          <text
            x={labels[i]!.left}
            y={margin.top - 6 - (labelRows - 1 - labels[i]!.row) * 16}
            fill={r.color}
            fontWeight={600}
          >
            {labels[i]!.text}
          </text>
        </g>
      ))}
      {hover !== null && (
        <rect
          x={x(strikes[hover]!) - barW / 2 - 1}
          y={margin.top}
          width={barW + 2}
          height={plotH}
          fill={text.primary}
          fillOpacity={0.08}
        />
      )}
      <HoverPlane plot={plot} {...handlers} />
    </ChartSurface>
  );
}
