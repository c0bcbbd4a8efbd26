import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartCard, type ChartTableData } from '../../../components/charts/chart-card.tsx';
import { formatSigned, sharePercent, type PieSlice } from '../utils/top-premiums-view.ts';

/** Categorical colours for sector slices (readable on light and dark backgrounds). */
const CATEGORY = [
  '#4e79a7',
  '#f28e2b',
  '#59a14f',
  '#e15759',
  '#76b7b2',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#86bcb6',
];

interface DonutCardProps {
  title: string;
  slices: readonly PieSlice[];
  table: ChartTableData;
  note?: string;
}

function arc(cx: number, cy: number, r0: number, r1: number, a0: number, a1: number): string {
  // A full circle cannot be one arc: split it just short of 360 degrees.
  const end = a1 - a0 >= Math.PI * 2 ? a0 + Math.PI * 2 - 1e-4 : a1;
  const p = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)} ${(cy - r * Math.cos(a)).toFixed(2)}`;
  const large = end - a0 > Math.PI ? 1 : 0;
  return `M ${p(r1, a0)} A ${r1} ${r1} 0 ${large} 1 ${p(r1, end)} L ${p(r0, end)} A ${r0} ${r0} 0 ${large} 0 ${p(r0, a0)} Z`;
}

/** A light hand-written SVG donut with a legend of signed amounts and shares (no chart library). */
export function DonutCard({ title, slices, table, note }: DonutCardProps) {
  const { palette } = useTheme();
  const [hover, setHover] = useState<number | null>(null);
  const total = slices.reduce((a, s) => a + s.value, 0);
  const toneRank = { positive: 0, negative: 0, neutral: 0 };
  const colours = slices.map((s, i) => {
    if (s.tone === 'neutral') return CATEGORY[i % CATEGORY.length]!;
    const rank = toneRank[s.tone]++;
    const base = s.tone === 'positive' ? palette.success.main : palette.error.main;
    // Shades of the direction's colour: mixed toward the background so neighbours stay distinct.
    return `color-mix(in srgb, ${base} ${Math.max(35, 100 - rank * 13)}%, ${palette.background.paper})`;
  });
  let angle = 0;
  return (
    <ChartCard title={title} table={table} height={260} mobileHeight={320} note={note}>
      {({ width, height }) => {
        // Narrow cards stack the legend under the donut: leave it ~125 px of the plot height.
        const size = width < 420 ? Math.min(width, height - 125) : Math.min(height, width * 0.5);
        const r1 = size / 2 - 4;
        return (
          <Box
            sx={{
              display: 'flex',
              flexDirection: width < 420 ? 'column' : 'row',
              gap: 1.5,
              alignItems: 'center',
              height,
            }}
          >
            <svg
              width={size}
              height={size}
              role="img"
              aria-label={`${title}: ${slices.map((s, i) => `${s.name} ${sharePercent(slices, i)}`).join(', ')}`}
            >
              {total <= 0 && (
                <circle
                  cx={size / 2}
                  cy={size / 2}
                  r={r1}
                  fill="none"
                  stroke={palette.divider}
                  strokeWidth={r1 * 0.45}
                />
              )}
              {slices.map((s, i) => {
                const a0 = angle;
                angle += (s.value / total) * Math.PI * 2;
                return (
                  <path
                    key={s.name}
                    d={arc(size / 2, size / 2, r1 * 0.55, hover === i ? r1 + 3 : r1, a0, angle)}
                    fill={colours[i]}
                    stroke={palette.background.paper}
                    strokeWidth={1}
                    onMouseEnter={() => setHover(i)}
                    onMouseLeave={() => setHover(null)}
                  >
                    <title>{`${s.name}: ${formatSigned(s.signed)} (${sharePercent(slices, i)})`}</title>
                  </path>
                );
              })}
            </svg>
            <Box
              component="ul"
              sx={{
                listStyle: 'none',
                m: 0,
                p: 0,
                fontSize: 12,
                overflowY: 'auto',
                maxHeight: width < 420 ? 115 : height,
                width: width < 420 ? '100%' : 'auto',
                flex: 1,
                minWidth: 0,
              }}
            >
              {slices.map((s, i) => (
                <Box
                  component="li"
                  key={s.name}
                  sx={{
                    display: 'flex',
                    gap: 0.75,
                    alignItems: 'center',
                    py: 0.25,
                    fontWeight: hover === i ? 700 : 400,
                  }}
                >
                  <Box sx={{ width: 10, height: 10, flex: 'none', borderRadius: '2px', bgcolor: colours[i] }} />
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {s.name}
                  </Typography>
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ fontVariantNumeric: 'tabular-nums', color: s.signed < 0 ? 'error.main' : 'text.primary' }}
                  >
                    {formatSigned(s.signed)} · {sharePercent(slices, i)}
                  </Typography>
                </Box>
              ))}
              {slices.length === 0 && <Typography variant="caption">No premiums in this period.</Typography>}
            </Box>
          </Box>
        );
      }}
    </ChartCard>
  );
}
