import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ResponsiveLine } from '@nivo/line';
import { useNivoTheme } from '../../../components/charts/use-nivo-theme.ts';
import type { LineSerie } from '../utils/reshape.ts';
import { SECTOR_LINE_COLORS } from '../utils/sector-labels.ts';

interface SectorLineChartProps {
  series: LineSerie[];
  compact: boolean;
}

export function SectorLineChart({ series, compact }: SectorLineChartProps) {
  const theme = useNivoTheme();
  const colorOf = (i: number) => SECTOR_LINE_COLORS[i % SECTOR_LINE_COLORS.length] ?? '#888';
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <ResponsiveLine
          data={series}
          theme={theme}
          colors={series.map((_, i) => colorOf(i))}
          margin={compact ? { top: 10, right: 12, bottom: 30, left: 40 } : { top: 16, right: 190, bottom: 40, left: 56 }}
          xScale={{ type: 'time', format: '%Y-%m-%d', precision: 'day', useUTC: false }}
          xFormat="time:%Y-%m-%d"
          yScale={{ type: 'linear', min: 'auto', max: 'auto' }}
          yFormat=" >-.2f"
          axisBottom={{ format: compact ? '%b' : '%b %y', tickValues: compact ? 'every 3 months' : 'every 2 months' }}
          axisLeft={{ format: (v: number) => `${v}%`, legend: compact ? undefined : 'Return %', legendOffset: -46, legendPosition: 'middle' }}
          lineWidth={compact ? 1.5 : 2}
          enablePoints={false}
          enableSlices="x"
          useMesh={false}
          animate={false}
          legends={
            compact
              ? []
              : [
                  {
                    anchor: 'right',
                    direction: 'column',
                    translateX: 180,
                    itemWidth: 170,
                    itemHeight: 20,
                    symbolSize: 10,
                    symbolShape: 'circle',
                  },
                ]
          }
        />
      </Box>
      {compact && (
        // nivo legends cannot wrap, so narrow screens get an HTML legend under the plot.
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, columnGap: 1.5, m: 0, mt: 1, p: 0, listStyle: 'none' }}>
          {series.map((s, i) => (
            <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: colorOf(i) }} />
              <Typography variant="caption">{s.id}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
