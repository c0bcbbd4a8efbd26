import { useTheme } from '@mui/material/styles';

/** Legend drawn inside the SVG so a saved image keeps it; wraps into rows of `perRow`. */
export function ClusterLegend({
  items,
  x,
  y,
  perRow,
  colWidth,
}: {
  items: Array<{ label: string; color: string }>;
  x: number;
  y: number;
  perRow: number;
  colWidth: number;
}) {
  const theme = useTheme();
  return (
    <g transform={`translate(${x},${y})`}>
      {items.map((it, i) => (
        <g key={it.label} transform={`translate(${(i % perRow) * colWidth},${Math.floor(i / perRow) * 16})`}>
          <circle cx={4} cy={0} r={4} fill={it.color} />
          <text x={12} y={0} dominantBaseline="central" fill={theme.palette.text.primary}>
            {it.label}
          </text>
        </g>
      ))}
    </g>
  );
}

export function legendLayout(count: number, width: number, compact: boolean) {
  const colWidth = compact ? 76 : 86;
  const perRow = Math.max(1, Math.min(count, Math.floor((width - 60) / colWidth)));
  return { colWidth, perRow, rows: Math.ceil(count / perRow) };
}
