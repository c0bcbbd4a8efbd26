import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';
import { RightAxis, YGrid } from '../../../components/charts/axes.tsx';
import { Crosshair } from '../../../components/charts/hover-marks.tsx';
import { bandScale, linePath, niceDomain, plotArea, yScale } from '../../../components/charts/scales.ts';
import { slotIndex } from '../../../components/charts/use-hover-index.ts';
import { formatPremiumTick } from '../../../components/flow/flow-chart-data.ts';
import { ChartTooltip } from '../../../components/charts/chart-tooltip.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { clampZoom, visibleRange, zoomAround, type IntradayView, type ZoomWindow } from '../utils/intraday-view.ts';
import { IntradayBrush } from './intraday-brush.tsx';
import { ChartSurface } from '../../../components/charts/chart-surface.tsx';

export const INTRADAY_COLORS = {
  calls: '#2e7d32',
  puts: '#d32f2f',
  up: '#26a69a',
  down: '#ef5350',
  ma10: '#ff9800',
  ma20: '#7e57c2',
} as const;

interface IntradayChartProps {
  view: IntradayView;
  width: number;
  height: number;
  compact: boolean;
  zoom: ZoomWindow;
  onZoom: (w: ZoomWindow) => void;
}

const BRUSH_H = 36;

/**
 * Price candles over call and put premium bars with 10- and 20-period moving averages of the close,
 * hand-written SVG (nivo has no candlestick; lightweight-charts is not installed). The premium axis
 * runs to 4x the largest bar so the bars sit under the candles. Wheel zooms, dragging pans, the
 * brush below moves or resizes the window; the window never gets narrower than 25%.
 */
export function IntradayChart({ view, width, height, compact, zoom, onZoom }: IntradayChartProps) {
  const theme = useTheme();
  const svgRef = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<number | null>(null);
  const drag = useRef<{ x: number; zoom: ZoomWindow } | null>(null);
  const margin = { top: 10, right: compact ? 44 : 56, bottom: 24 + BRUSH_H + 8, left: compact ? 44 : 56 };
  const plot = plotArea(width, height, margin);
  const { width: plotW, height: plotH } = plot;
  const n = view.index.length;
  const [from, to] = visibleRange(n, zoom);
  const band = bandScale(to - from, plot.left, plotW);
  const slot = band.step;
  const xOf = (i: number) => band.at(i - from);

  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < to; i += 1) {
    const c = view.ohlc[i];
    if (c) [lo, hi] = [Math.min(lo, c[2]), Math.max(hi, c[1])];
  }
  if (!Number.isFinite(lo)) [lo, hi] = [view.priceMin, view.priceMax];
  const pad = (hi - lo) * 0.08 || Math.max(0.5, hi * 0.002);
  const { ticks: priceTicks, min: pMin, max: pMax } = niceDomain(lo - pad, hi + pad, compact ? 4 : 6);
  const yPrice = yScale(pMin, pMax, margin.top, plotH);
  const yPrem = (v: number) => margin.top + plotH - (v / view.premiumMax) * plotH;
  const premTicks = niceTicks(0, view.premiumMax, compact ? 3 : 4);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  const zoomRef = useRef({ zoom, onZoom, left: margin.left, plotW });
  zoomRef.current = { zoom, onZoom, left: margin.left, plotW };
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return undefined;
    const onWheel = (e: WheelEvent) => {
      const { zoom: z, onZoom: set, left, plotW: w } = zoomRef.current;
      const x = e.clientX - svg.getBoundingClientRect().left;
      if (x < left || x > left + w) return;
      e.preventDefault();
      set(zoomAround(z, e.deltaY < 0 ? 0.8 : 1.25, (x - left) / w));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, []);

  const localX = (e: PointerEvent<SVGRectElement>) => e.clientX - e.currentTarget.getBoundingClientRect().left;
  const onMove = (e: PointerEvent<SVGRectElement>) => {
    const x = localX(e);
    if (drag.current) {
      const span = drag.current.zoom.end - drag.current.zoom.start;
      const shift = ((drag.current.x - x) / plotW) * span;
      onZoom(clampZoom({ start: drag.current.zoom.start + shift, end: drag.current.zoom.end + shift }));
      return;
    }
    setHover(to > from ? from + slotIndex(x, 0, plotW, to - from) : null);
  };

  const maPath = (values: ReadonlyArray<number | null>) =>
    linePath(values.slice(from, to), (k) => xOf(from + k), yPrice);

  const labelEvery = Math.max(1, Math.ceil(44 / slot));
  const text = theme.palette.text.secondary;
  // Capped so a quiet ticker's few buckets do not turn into slabs.
  const barW = Math.min(14, Math.max(1, slot * 0.38));
  const candleW = Math.min(18, Math.max(1, slot * 0.5));
  const hc = hover !== null ? view.ohlc[hover] : null;

  const tooltip = hover !== null && (
    <ChartTooltip
      x={xOf(hover)}
      chartWidth={width}
      top={margin.top}
      title={view.index[hover] ?? ''}
      rows={[
        ...(hc
          ? [
              { label: 'Open', value: formatNumber(hc[0], 2) },
              { label: 'High', value: formatNumber(hc[1], 2) },
              { label: 'Low', value: formatNumber(hc[2], 2) },
              { label: 'Close', value: formatNumber(hc[3], 2) },
            ]
          : []),
        { label: 'Calls', value: `$${formatNumber(view.calls[hover], 0)}K` },
        { label: 'Puts', value: `$${formatNumber(view.puts[hover], 0)}K` },
        { label: 'MA10', value: formatNumber(view.ma10[hover], 2) },
        { label: 'MA20', value: formatNumber(view.ma20[hover], 2) },
      ]}
    />
  );

  return (
    <ChartSurface
      width={width}
      height={height}
      fontSize={compact ? 9 : 11}
      svgRef={svgRef}
      sx={{ touchAction: 'none' }}
      overlay={tooltip}
    >
      <YGrid ticks={priceTicks} y={yPrice} plot={plot} format={(t) => formatNumber(t, t % 1 === 0 ? 0 : 2)} />
      <RightAxis ticks={premTicks} y={yPrem} plot={plot} format={formatPremiumTick} />
      <g>
        {Array.from({ length: to - from }, (_, k) => {
          const i = from + k;
          const x = xOf(i);
          const c = view.ohlc[i];
          const up = c ? c[3] >= c[0] : true;
          const color = up ? INTRADAY_COLORS.up : INTRADAY_COLORS.down;
          return (
            <g key={view.index[i]} data-bucket={view.index[i]}>
              {view.calls[i]! > 0 && (
                <rect
                  x={x - barW}
                  y={yPrem(view.calls[i]!)}
                  width={barW}
                  height={yPrem(0) - yPrem(view.calls[i]!)}
                  fill={INTRADAY_COLORS.calls}
                  fillOpacity={0.45}
                />
              )}
              {view.puts[i]! > 0 && (
                <rect
                  x={x}
                  y={yPrem(view.puts[i]!)}
                  width={barW}
                  height={yPrem(0) - yPrem(view.puts[i]!)}
                  fill={INTRADAY_COLORS.puts}
                  fillOpacity={0.45}
                />
              )}
              {c && (
                <>
                  <line x1={x} x2={x} y1={yPrice(c[1])} y2={yPrice(c[2])} stroke={color} />
                  <rect
                    x={x - candleW / 2}
                    y={yPrice(Math.max(c[0], c[3]))}
                    width={candleW}
                    height={Math.max(1, Math.abs(yPrice(c[0]) - yPrice(c[3])))}
                    fill={color}
                  />
                </>
              )}
              {(i - from) % labelEvery === 0 && (
                <text x={x} y={margin.top + plotH + 15} textAnchor="middle" fill={text}>
                  {view.index[i]}
                </text>
              )}
            </g>
          );
        })}
        <path d={maPath(view.ma10)} fill="none" stroke={INTRADAY_COLORS.ma10} strokeWidth={1.5} data-series="ma10" />
        <path d={maPath(view.ma20)} fill="none" stroke={INTRADAY_COLORS.ma20} strokeWidth={1.5} data-series="ma20" />
      </g>
      {hover !== null && <Crosshair x={xOf(hover)} plot={plot} stroke={theme.palette.text.disabled} dashed />}
      <rect
        {...{ x: plot.left, y: plot.top, width: plotW, height: plotH }}
        fill="transparent"
        style={{ cursor: drag.current ? 'grabbing' : 'grab' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          drag.current = { x: localX(e), zoom };
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerMove={onMove}
        onPointerLeave={() => setHover(null)}
      />
      <IntradayBrush
        view={view}
        x={margin.left}
        y={height - BRUSH_H - 2}
        width={plotW}
        height={BRUSH_H}
        zoom={zoom}
        onZoom={onZoom}
      />
    </ChartSurface>
  );
}
