import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

export interface TooltipRow {
  label: string;
  value: string;
}

/** The hover box of the flow charts: a title and label/value rows, on the side of `x` with room. */
export function ChartTooltip({ x, chartWidth, top, title, rows, extra }: { x: number; chartWidth: number; top: number; title: string; rows: readonly TooltipRow[]; extra?: ReactNode }) {
  return (
    <Box
      role="tooltip"
      sx={{
        position: 'absolute',
        top,
        ...(x > chartWidth / 2 ? { right: chartWidth - x + 12 } : { left: x + 12 }),
        pointerEvents: 'none',
        bgcolor: 'background.paper',
        boxShadow: 4,
        borderRadius: 1,
        px: 1,
        py: 0.5,
        fontSize: 12,
        whiteSpace: 'nowrap',
      }}
    >
      <Box sx={{ fontWeight: 600 }}>{title}</Box>
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'flex', gap: 1.5, justifyContent: 'space-between' }}>
          <span>{r.label}</span>
          <span>{r.value}</span>
        </Box>
      ))}
      {extra}
    </Box>
  );
}
