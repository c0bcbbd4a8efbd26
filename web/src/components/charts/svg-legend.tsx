import { useTheme } from '@mui/material/styles';

export type LegendShape = 'dot' | 'box' | 'line' | 'dash' | 'band';

interface SvgLegendItemProps {
  x: number;
  y: number;
  shape: LegendShape;
  color: string;
  label: string;
  /** 16 px keys with the label further out (legends under a plot, where there is room). */
  wide?: boolean;
}

function Key({ shape, color, wide }: Pick<SvgLegendItemProps, 'shape' | 'color' | 'wide'>) {
  const w = wide ? 16 : 14;
  if (shape === 'dot')
    return wide ? <circle cx={8} cy={0} r={3.5} fill={color} /> : <circle r={4} cx={4} cy={0} fill={color} />;
  if (shape === 'box') return <rect width={10} height={10} y={-5} rx={2} fill={color} />;
  if (shape === 'band') return <rect x={0} y={-5} width={16} height={10} fill={color} fillOpacity={0.25} />;
  return (
    <line
      x1={0}
      x2={w}
      y1={0}
      y2={0}
      stroke={color}
      strokeWidth={2}
      strokeDasharray={shape === 'dash' ? '4 3' : undefined}
    />
  );
}

/**
 * One legend key and label drawn inside the SVG (unlike SeriesLegend), so a chart saved as an
 * image keeps its legend. The label's x clears the key's width.
 */
export function SvgLegendItem({ x, y, shape, color, label, wide = false }: SvgLegendItemProps) {
  const { palette } = useTheme();
  const labelX = wide ? 22 : shape === 'line' || shape === 'dash' ? 20 : 14;
  return (
    <g transform={`translate(${x},${y})`}>
      <Key shape={shape} color={color} wide={wide} />
      <text x={labelX} y={0} dominantBaseline="central" fill={palette.text.primary}>
        {label}
      </text>
    </g>
  );
}
