import { useTheme } from '@mui/material/styles';
import { niceTicks } from '../../../components/charts/axis-ticks.ts';
import { axisDomain, clampTo, POSITION_COLORS, type RotationPoint } from '../utils/reshape.ts';

interface QuadrantChartProps {
  points: readonly RotationPoint[];
  width: number;
  height: number;
  yLabel: string;
  /** Tickers whose last weekly points are drawn as a tail. */
  tails?: ReadonlySet<string>;
  compact?: boolean;
  onPointClick?: (ticker: string) => void;
  /** Watchlist tickers: outlined and labelled, the rest dimmed. */
  highlighted?: ReadonlySet<string> | null;
}

const QUADRANTS = [
  { label: 'Leading', right: true, top: true },
  { label: 'Weakening', right: true, top: false },
  { label: 'Lagging', right: false, top: false },
  { label: 'Improving', right: false, top: true },
] as const;

/**
 * Relative strength (x) against the chosen factor (y) with reference lines at 100. Hand-written
 * SVG: a few hundred circles do not need a chart library, and inline attributes keep the look
 * when saved as an image.
 */
export function QuadrantChart({
  points,
  width,
  height,
  yLabel,
  tails,
  compact = false,
  onPointClick,
  highlighted = null,
}: QuadrantChartProps) {
  const theme = useTheme();
  const font = theme.typography.fontFamily ?? 'sans-serif';
  const text = theme.palette.text.secondary;
  const grid = theme.palette.divider;
  const m = { left: compact ? 40 : 52, right: 10, top: 10, bottom: compact ? 34 : 40 };
  const tailed = points.filter((p) => tails?.has(p.ticker));
  // Selected tails always fit; the cloud's outliers are pinned to the edge.
  const xDomain = axisDomain(
    points.map((p) => p.x),
    tailed.flatMap((p) => p.tail.map((t) => t[0])),
  );
  const yDomain = axisDomain(
    points.map((p) => p.y),
    tailed.flatMap((p) => p.tail.map((t) => t[1])),
  );
  const [x0, x1] = xDomain;
  const [y0, y1] = yDomain;
  const pw = Math.max(10, width - m.left - m.right);
  const ph = Math.max(10, height - m.top - m.bottom);
  const sx = (v: number) => m.left + ((v - x0) / (x1 - x0)) * pw;
  const sy = (v: number) => m.top + (1 - (v - y0) / (y1 - y0)) * ph;
  const xTicks = niceTicks(x0, x1, compact ? 4 : 8).filter((t) => t >= x0 && t <= x1);
  const yTicks = niceTicks(y0, y1, compact ? 5 : 7).filter((t) => t >= y0 && t <= y1);
  const fs = compact ? 10 : 11;
  const cx = sx(100);
  const cy = sy(100);
  const r = compact ? 3 : 4;

  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      fontFamily={font}
      data-testid="quadrant-chart"
      aria-label="Sector rotation quadrant chart"
    >
      {QUADRANTS.map((q) => {
        const x = q.right ? cx : m.left;
        const y = q.top ? m.top : cy;
        const w = q.right ? m.left + pw - cx : cx - m.left;
        const h = q.top ? cy - m.top : m.top + ph - cy;
        const color = POSITION_COLORS[q.label];
        return (
          <g key={q.label}>
            <rect x={x} y={y} width={Math.max(0, w)} height={Math.max(0, h)} fill={color} fillOpacity={0.06} />
            <text
              x={q.right ? m.left + pw - 6 : m.left + 6}
              y={q.top ? m.top + fs + 4 : m.top + ph - 6}
              textAnchor={q.right ? 'end' : 'start'}
              fontSize={fs + 2}
              fontWeight={700}
              fill={color}
              data-testid={`quadrant-${q.label}`}
            >
              {q.label}
            </text>
          </g>
        );
      })}
      {xTicks.map((t) => (
        <g key={`x${t}`}>
          <line x1={sx(t)} x2={sx(t)} y1={m.top} y2={m.top + ph} stroke={grid} strokeWidth={0.5} />
          <text x={sx(t)} y={m.top + ph + fs + 4} textAnchor="middle" fontSize={fs} fill={text}>
            {t}
          </text>
        </g>
      ))}
      {yTicks.map((t) => (
        <g key={`y${t}`}>
          <line x1={m.left} x2={m.left + pw} y1={sy(t)} y2={sy(t)} stroke={grid} strokeWidth={0.5} />
          <text x={m.left - 4} y={sy(t) + fs / 3} textAnchor="end" fontSize={fs} fill={text}>
            {t}
          </text>
        </g>
      ))}
      <line
        x1={cx}
        x2={cx}
        y1={m.top}
        y2={m.top + ph}
        stroke={theme.palette.text.primary}
        strokeDasharray="4 3"
        data-testid="ref-x-100"
      />
      <line
        x1={m.left}
        x2={m.left + pw}
        y1={cy}
        y2={cy}
        stroke={theme.palette.text.primary}
        strokeDasharray="4 3"
        data-testid="ref-y-100"
      />
      <text x={m.left + pw / 2} y={height - 4} textAnchor="middle" fontSize={fs} fill={text}>
        Relative Strength
      </text>
      <text
        transform={`translate(${fs + 1} ${m.top + ph / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={fs}
        fill={text}
      >
        {yLabel}
      </text>
      {tailed.map((p) => (
        <g key={`tail-${p.ticker}`} data-testid={`tail-${p.ticker}`}>
          <polyline
            points={p.tail.map(([x, y]) => `${sx(x)},${sy(y)}`).join(' ')}
            fill="none"
            stroke={p.color}
            strokeWidth={1.5}
            strokeOpacity={0.8}
          />
          {p.tail.slice(0, -1).map(([x, y], i) => (
            <circle key={i} cx={sx(x)} cy={sy(y)} r={2} fill={p.color} fillOpacity={0.6} />
          ))}
          <text x={sx(p.x) + 6} y={sy(p.y) - 6} fontSize={fs} fontWeight={700} fill={theme.palette.text.primary}>
            {p.ticker}
          </text>
        </g>
      ))}
      {points.map((p) => {
        const px = clampTo(p.x, xDomain);
        const py = clampTo(p.y, yDomain);
        const pinned = px.pinned || py.pinned;
        const watched = highlighted?.has(p.ticker) ?? false;
        return (
          <circle
            key={p.ticker}
            cx={sx(px.value)}
            cy={sy(py.value)}
            r={tails?.has(p.ticker) ? r + 2 : watched ? r + 1.5 : r}
            // Pinned outliers are hollow: they sit on the edge, not at their value.
            fill={pinned ? 'none' : p.color}
            fillOpacity={highlighted && !watched ? 0.3 : 0.85}
            stroke={watched ? theme.palette.text.primary : pinned ? p.color : theme.palette.background.paper}
            strokeWidth={watched ? 2 : pinned ? 1.5 : 0.5}
            data-watchlist={watched || undefined}
            data-ticker={p.ticker}
            data-pinned={pinned || undefined}
            style={onPointClick ? { cursor: 'pointer' } : undefined}
            onClick={onPointClick ? () => onPointClick(p.ticker) : undefined}
          >
            <title>{`${p.ticker} (${p.name}): relative strength ${p.x.toFixed(2)}, ${yLabel} ${p.y.toFixed(2)}, ${p.group}${pinned ? ' (beyond the axis, shown on its edge)' : ''}`}</title>
          </circle>
        );
      })}
      {highlighted &&
        points
          .filter((p) => highlighted.has(p.ticker) && !tails?.has(p.ticker))
          .map((p) => (
            <text
              key={`w-${p.ticker}`}
              x={sx(clampTo(p.x, xDomain).value) + 6}
              y={sy(clampTo(p.y, yDomain).value) - 6}
              fontSize={fs}
              fontWeight={700}
              fill={theme.palette.text.primary}
              pointerEvents="none"
            >
              {p.ticker}
            </text>
          ))}
    </svg>
  );
}
