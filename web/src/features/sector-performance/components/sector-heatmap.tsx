import Box from '@mui/material/Box';
import { ResponsiveHeatMap, type TooltipProps } from '@nivo/heatmap';
import { useNivoTheme } from '../../../components/charts/use-nivo-theme.ts';
import type { HeatmapCell, HeatmapRow } from '../utils/reshape.ts';
import { shortSectorName } from '../utils/sector-labels.ts';

interface SectorHeatmapProps {
  rows: HeatmapRow[];
  /** Colours are capped at ±range (values beyond it take the end colours). */
  range: number;
  steps: number;
  compact: boolean;
  /** Extra line in a cell's tooltip, by sector (e.g. "Since Nov 2015"). */
  rowNotes?: Readonly<Record<string, string>>;
}

export function SectorHeatmap({ rows, range, steps, compact, rowNotes }: SectorHeatmapProps) {
  const theme = useNivoTheme();

  const Tooltip = ({ cell }: TooltipProps<HeatmapCell>) => (
    <Box sx={{ ...theme.tooltip?.container, px: 1, py: 0.5 }}>
      <strong>{cell.serieId}</strong> · {cell.data.x}: {cell.formattedValue ?? '-'}%
      {rowNotes?.[cell.serieId] && <Box sx={{ opacity: 0.75 }}>{rowNotes[cell.serieId]}</Box>}
    </Box>
  );

  return (
    <ResponsiveHeatMap<HeatmapCell, object>
      data={rows}
      theme={theme}
      margin={compact ? { top: 28, right: 4, bottom: 4, left: 112 } : { top: 32, right: 16, bottom: 8, left: 170 }}
      valueFormat={compact ? '>-.1f' : '>-.2f'}
      axisTop={{ tickSize: 0, tickPadding: 6 }}
      axisLeft={{ tickSize: 0, tickPadding: 6, format: compact ? (v: string) => shortSectorName(v) : undefined }}
      axisRight={null}
      axisBottom={null}
      colors={{ type: 'quantize', scheme: 'red_yellow_green', steps, domain: [-range, range] }}
      emptyColor="#9e9e9e"
      borderWidth={1}
      borderColor={{ from: 'color', modifiers: [['darker', 0.3]] }}
      labelTextColor="#111"
      xInnerPadding={0.04}
      yInnerPadding={0.06}
      tooltip={Tooltip}
      hoverTarget="cell"
      animate={false}
    />
  );
}
