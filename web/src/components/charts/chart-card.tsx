import { useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import DownloadIcon from '@mui/icons-material/Download';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import { BREAKPOINTS } from '@tapewatch/shared/constants';
import { useElementSize } from '../../lib/use-element-size.ts';
import { useNearViewport } from '../../lib/use-near-viewport.ts';
import { useIsMobile } from '../../lib/use-viewport.ts';
import { ChartDataTable, type ChartTableData } from './chart-data-table.tsx';
import { imageFileName, saveSvgAsPng } from './save-chart-image.ts';

export type { ChartTableData } from './chart-data-table.tsx';

export interface ChartPlotSize {
  width: number;
  height: number;
  /** Under 850 px: the compact chart layout applies. */
  isMobile: boolean;
}

interface ChartCardProps {
  title: string;
  table: ChartTableData;
  /** Chart height in px on desktop and under 850 px. */
  height?: number;
  mobileHeight?: number;
  /**
   * The chart, drawn at the measured size of the card's plot area (the card measures once for
   * all charts, so nivo's own Responsive wrappers and their extra code are not needed).
   */
  children: (plot: ChartPlotSize) => ReactNode;
  /** Short text under the chart (sources, caveats). */
  note?: ReactNode;
  /** Controls or key figures between the title and the chart (legend toggles, levels). */
  controls?: ReactNode;
  /** Open the data table initially (e.g. when the chart cannot render). */
  defaultShowData?: boolean;
  /** Draw the chart only once the card scrolls near the viewport (pages with many heavy charts). */
  lazy?: boolean;
}

export function ChartCard({
  title,
  table,
  height = 400,
  mobileHeight = 320,
  children,
  note,
  controls,
  defaultShowData = false,
  lazy = false,
}: ChartCardProps) {
  const theme = useTheme();
  const isMobile = useIsMobile(BREAKPOINTS.chartsMobile);
  const [showData, setShowData] = useState(defaultShowData);
  const chartRef = useRef<HTMLDivElement>(null);
  const { width, height: plotHeight } = useElementSize(chartRef);
  const visible = useNearViewport(chartRef, lazy);
  const titleId = useId();

  const save = () => {
    const svg = chartRef.current?.querySelector('svg');
    if (!svg) return;
    saveSvgAsPng(svg, imageFileName(title), theme.palette.background.paper).catch((error: unknown) =>
      console.error('[chart] save as image failed', error),
    );
  };

  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1, fontSize: { xs: '1rem', sm: '1.15rem' } }}>
          {title}
        </Typography>
        <Button
          size="small"
          startIcon={<TableChartOutlinedIcon />}
          onClick={() => setShowData((s) => !s)}
          aria-pressed={showData}
          aria-expanded={showData}
          // The short visible text keeps phone titles on one line; the name stays explicit.
          aria-label={showData ? 'Hide data' : 'Show data'}
        >
          {isMobile ? 'Data' : showData ? 'Hide data' : 'Show data'}
        </Button>
        <IconButton size="small" onClick={save} aria-label={`Save ${title} as image`} title="Save as image">
          <DownloadIcon fontSize="small" />
        </IconButton>
      </Box>
      {controls}
      <Box
        ref={chartRef}
        sx={{ height: isMobile ? mobileHeight : height, position: 'relative' }}
        role="img"
        aria-label={title}
      >
        {visible && width > 0 && plotHeight > 0 && children({ width, height: plotHeight, isMobile })}
      </Box>
      {note && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
          {note}
        </Typography>
      )}
      {showData && <ChartDataTable data={table} caption={title} />}
    </Card>
  );
}
