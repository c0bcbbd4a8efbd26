import { useTheme } from '@mui/material/styles';
import { quantizedColor, readableTextColor } from './color-scale.ts';

export interface HeatmapGridRow {
  id: string;
  data: ReadonlyArray<{ x: string; y: number | null }>;
}

interface HeatmapGridProps {
  rows: readonly HeatmapGridRow[];
  width: number;
  height: number;
  /** Colour domain; values beyond it take the end colours. */
  min: number;
  max: number;
  steps: number;
  /** Cell label, e.g. v.toFixed(2). */
  formatValue: (value: number) => string;
  rowLabel?: (id: string) => string;
  labelWidth: number;
  /** Extra tooltip line for a row. */
  rowNote?: (id: string) => string | undefined;
  /** Column header text for a given cell width (lets narrow layouts abbreviate). */
  columnLabel?: (x: string, cellWidth: number) => string;
  /** Cell colour; defaults to the quantized red-yellow-green scale over [min, max]. */
  colorOf?: (value: number) => string;
  /**
   * False: null cells are not drawn (one shaded backdrop instead). Large sparse grids (thousands
   * of cells) otherwise cost seconds of layout on a phone.
   */
  drawEmptyCells?: boolean;
  /**
   * Per cell: a tooltip line (sample size, test result) and whether the cell is muted, drawn in a
   * neutral grey (its value still printed) because it does not carry a signal.
   */
  cellDetail?: (rowId: string, x: string) => { note: string; muted: boolean } | undefined;
}

/**
 * A small SVG heatmap (rows x columns, quantized diverging colours, value labels). Written by
 * hand because it is a few rects and texts, and @nivo/heatmap would add ~10 kB gzip to the route.
 * Attributes are inline so the save-as-image serialisation keeps the look.
 */
export function HeatmapGrid({
  rows,
  width,
  height,
  min,
  max,
  steps,
  formatValue,
  rowLabel,
  labelWidth,
  rowNote,
  columnLabel,
  colorOf,
  drawEmptyCells = true,
  cellDetail,
}: HeatmapGridProps) {
  const theme = useTheme();
  const columns = rows[0]?.data.map((d) => d.x) ?? [];
  const top = 24;
  const cellWidth = (width - labelWidth) / Math.max(1, columns.length);
  const cellHeight = (height - top) / Math.max(1, rows.length);
  const fontSize = Math.max(9, Math.min(12, cellWidth / 4.2, cellHeight / 2.2));
  const font = theme.typography.fontFamily ?? 'sans-serif';
  const gap = 1;
  // Too narrow for a legible number (seasonality on a phone): colours only, values in the table.
  const showLabels = cellWidth >= 26 && cellHeight >= 14;

  return (
    <svg width={width} height={height} fontFamily={font} role="presentation">
      {!drawEmptyCells && (
        <rect
          x={labelWidth}
          y={top}
          width={Math.max(0, width - labelWidth)}
          height={Math.max(0, height - top)}
          fill={theme.palette.action.hover}
        />
      )}
      {columns.map((x, ci) => (
        <text
          key={x}
          x={labelWidth + ci * cellWidth + cellWidth / 2}
          y={top - 8}
          textAnchor="middle"
          fontSize={11}
          fill={theme.palette.text.secondary}
        >
          {columnLabel ? columnLabel(x, cellWidth) : x}
        </text>
      ))}
      {rows.map((row, ri) => {
        const y = top + ri * cellHeight;
        const note = rowNote?.(row.id);
        return (
          <g key={row.id}>
            <text
              x={labelWidth - 8}
              y={y + cellHeight / 2}
              dominantBaseline="central"
              textAnchor="end"
              fontSize={11}
              fill={theme.palette.text.primary}
            >
              {rowLabel ? rowLabel(row.id) : row.id}
            </text>
            {row.data.map((cell, ci) => {
              if (cell.y === null && !drawEmptyCells) return null;
              const detail = cell.y === null ? undefined : cellDetail?.(row.id, cell.x);
              const fill =
                cell.y === null
                  ? theme.palette.action.disabledBackground
                  : detail?.muted
                    ? theme.palette.grey[theme.palette.mode === 'dark' ? 700 : 300]
                    : colorOf
                      ? colorOf(cell.y)
                      : quantizedColor(cell.y, min, max, steps);
              const value = cell.y === null ? '' : formatValue(cell.y);
              const label = showLabels ? value : '';
              const cx = labelWidth + ci * cellWidth;
              return (
                <g key={cell.x}>
                  <rect
                    x={cx + gap}
                    y={y + gap}
                    width={Math.max(0, cellWidth - 2 * gap)}
                    height={Math.max(0, cellHeight - 2 * gap)}
                    rx={2}
                    fill={fill}
                    data-muted={detail ? String(detail.muted) : undefined}
                  >
                    <title>{`${row.id} · ${cell.x}: ${cell.y === null ? 'no data' : `${value}%`}${note ? ` (${note})` : ''}${detail ? `; ${detail.note}` : ''}`}</title>
                  </rect>
                  {label && (
                    <text
                      x={cx + cellWidth / 2}
                      y={y + cellHeight / 2}
                      dominantBaseline="central"
                      textAnchor="middle"
                      fontSize={fontSize}
                      fill={readableTextColor(fill)}
                      pointerEvents="none"
                    >
                      {label}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
