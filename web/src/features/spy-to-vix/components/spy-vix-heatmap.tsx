import { useTheme } from '@mui/material/styles';
import { quantizedSequential } from '../../../components/charts/color-scale.ts';
import { HeatmapGrid, type HeatmapGridRow } from '../../../components/charts/heatmap-grid.tsx';
import { sparseLabel } from '../utils/reshape.ts';

interface SpyVixHeatmapProps {
  rows: HeatmapGridRow[];
  width: number;
  height: number;
  min: number;
  max: number;
  compact: boolean;
  /** Distributions (shares of days) read best on a sequential scale; probabilities diverge around 50%. */
  scale: 'diverging' | 'sequential';
  /** Probabilities: each cell's test (tooltip) and whether it is greyed as not significant. */
  cellDetail?: (rowId: string, x: string) => { note: string; muted: boolean } | undefined;
}

/** 61 SPY rows x up to 81 VIX columns: only every 0.5% row and every few columns keep a label. */
export function SpyVixHeatmap({ rows, width, height, min, max, compact, scale, cellDetail }: SpyVixHeatmapProps) {
  const columns = rows[0]?.data.length ?? 1;
  const onDark = useTheme().palette.mode === 'dark';
  return (
    <HeatmapGrid
      rows={rows}
      width={width}
      height={height}
      min={min}
      max={max}
      steps={9}
      drawEmptyCells={false}
      {...(cellDetail ? { cellDetail } : {})}
      colorOf={scale === 'sequential' ? (v) => quantizedSequential(v, min, max, 8, onDark) : undefined}
      formatValue={(v) => v.toFixed(1)}
      rowLabel={(id) => sparseLabel(id, 0.5)}
      labelWidth={compact ? 36 : 44}
      columnLabel={(x, cellWidth) => (cellWidth >= 28 ? x : sparseLabel(x, columns > 20 ? (compact ? 20 : 10) : 20))}
    />
  );
}
