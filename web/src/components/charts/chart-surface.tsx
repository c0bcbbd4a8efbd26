import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';

interface ChartSurfaceProps {
  width: number;
  height: number;
  fontSize?: number;
  /** HTML over the SVG (the hover box): kept out of the SVG so a saved image does not catch a stray tooltip. */
  overlay?: ReactNode;
  svgRef?: Ref<SVGSVGElement>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * The SVG of a hand-drawn chart in a box the overlay is positioned against. The SVG is
 * presentational: every chart card carries a data table for assistive tech.
 */
export function ChartSurface({ width, height, fontSize = 11, overlay, svgRef, sx, children }: ChartSurfaceProps) {
  const theme = useTheme();
  return (
    <Box sx={[{ position: 'relative', width, height }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <svg
        ref={svgRef}
        width={width}
        height={height}
        fontFamily={theme.typography.fontFamily}
        fontSize={fontSize}
        role="presentation"
      >
        {children}
      </svg>
      {overlay}
    </Box>
  );
}
