import { useRef, type PointerEvent } from 'react';
import { useTheme } from '@mui/material/styles';
import { clampZoom, MIN_ZOOM_SPAN, type IntradayView, type ZoomWindow } from '../utils/intraday-view.ts';

interface IntradayBrushProps {
  view: IntradayView;
  x: number;
  y: number;
  width: number;
  height: number;
  zoom: ZoomWindow;
  onZoom: (w: ZoomWindow) => void;
}

type Grip = 'move' | 'start' | 'end';
const HANDLE_PX = 8;

/** The whole session in miniature (total premium per bucket) with the visible window: drag it, or its edges. */
export function IntradayBrush({ view, x, y, width, height, zoom, onZoom }: IntradayBrushProps) {
  const theme = useTheme();
  const drag = useRef<{ grip: Grip; at: number; zoom: ZoomWindow } | null>(null);
  const n = Math.max(1, view.index.length);
  const totals = view.calls.map((c, i) => c + (view.puts[i] ?? 0));
  const max = Math.max(1, ...totals);
  const step = width / n;
  const wx0 = x + zoom.start * width;
  const wx1 = x + zoom.end * width;

  const frac = (e: PointerEvent<SVGRectElement>) => (e.clientX - e.currentTarget.getBoundingClientRect().left) / width;
  const onDown = (e: PointerEvent<SVGRectElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const f = frac(e);
    const px = f * width;
    const grip: Grip =
      Math.abs(px - zoom.start * width) <= HANDLE_PX
        ? 'start'
        : Math.abs(px - zoom.end * width) <= HANDLE_PX
          ? 'end'
          : 'move';
    let start = zoom;
    if (grip === 'move' && (f < zoom.start || f > zoom.end)) {
      // A click outside the window centres it there.
      const span = zoom.end - zoom.start;
      start = clampZoom({ start: f - span / 2, end: f + span / 2 });
      onZoom(start);
    }
    drag.current = { grip, at: f, zoom: start };
  };
  const onMove = (e: PointerEvent<SVGRectElement>) => {
    const d = drag.current;
    if (!d) return;
    const f = Math.min(1, Math.max(0, frac(e)));
    if (d.grip === 'move') onZoom(clampZoom({ start: d.zoom.start + f - d.at, end: d.zoom.end + f - d.at }));
    else if (d.grip === 'start') onZoom(clampZoom({ start: Math.min(f, d.zoom.end - MIN_ZOOM_SPAN), end: d.zoom.end }));
    else onZoom(clampZoom({ start: d.zoom.start, end: Math.min(1, Math.max(f, d.zoom.start + MIN_ZOOM_SPAN)) }));
  };

  return (
    <g data-testid="intraday-brush">
      <rect x={x} y={y} width={width} height={height} fill={theme.palette.action.hover} />
      {totals.map((t, i) => (
        <rect
          key={i}
          x={x + i * step}
          y={y + height - (t / max) * (height - 4)}
          width={Math.max(0.5, step - 0.5)}
          height={(t / max) * (height - 4)}
          fill={theme.palette.text.disabled}
        />
      ))}
      <rect
        x={wx0}
        y={y}
        width={Math.max(1, wx1 - wx0)}
        height={height}
        fill={theme.palette.primary.main}
        fillOpacity={0.18}
        stroke={theme.palette.primary.main}
      />
      <rect x={wx0 - 2} y={y + height / 4} width={4} height={height / 2} fill={theme.palette.primary.main} />
      <rect x={wx1 - 2} y={y + height / 4} width={4} height={height / 2} fill={theme.palette.primary.main} />
      <rect
        x={x}
        y={y}
        width={width}
        height={height}
        fill="transparent"
        style={{ cursor: 'ew-resize' }}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={() => (drag.current = null)}
        // Pointer-only; the Zoom in/out buttons are the keyboard and screen-reader path.
        aria-hidden
      />
    </g>
  );
}
