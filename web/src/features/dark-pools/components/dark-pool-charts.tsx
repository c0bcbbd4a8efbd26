import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { ChartCard } from '../../../components/charts/chart-card.tsx';
import { DualAxisChart, type ChartLayer } from '../../../components/charts/dual-axis-chart.tsx';
import type { DarkPoolIndividualData } from '../api/get-dark-pool-individual-data.ts';
import { formatShort, shortPercentTable, shortVolumeTable } from '../utils/reshape.ts';

const price = (v: number) => `$${Number(v.toPrecision(4))}`;

export function DarkPoolCharts({ data }: { data: DarkPoolIndividualData }) {
  const theme = useTheme();
  const colors = {
    price: theme.palette.mode === 'dark' ? '#90caf9' : '#1565c0',
    volume: theme.palette.mode === 'dark' ? '#b39ddb' : '#7e57c2',
    up: theme.palette.success.main,
    down: theme.palette.error.main,
    pct: theme.palette.warning.main,
  };
  const view = useMemo(() => {
    const priceLayer: ChartLayer = {
      id: 'Price',
      kind: 'line',
      values: data.prices.prices,
      color: colors.price,
      axis: 'right',
    };
    return {
      volumeTable: shortVolumeTable(data),
      percentTable: shortPercentTable(data),
      volume: [
        {
          id: 'Short Volume',
          kind: 'bar',
          values: data.individual_short_volume.short_volume,
          color: colors.volume,
          axis: 'left',
        },
        priceLayer,
      ] satisfies ChartLayer[],
      position: [
        {
          id: 'DP Position',
          kind: 'bar',
          values: data.individual_dark_pool_position_data.dp_position,
          color: colors.up,
          negativeColor: colors.down,
          axis: 'left',
        },
      ] satisfies ChartLayer[],
      percent: [
        {
          id: 'Short Volume %',
          kind: 'line',
          values: data.individual_short_volume['short_volume%'],
          color: colors.pct,
          axis: 'left',
        },
        priceLayer,
      ] satisfies ChartLayer[],
    };
  }, [data, colors.price, colors.volume, colors.up, colors.down, colors.pct]);
  const dates = data.individual_short_volume.dates;

  return (
    <Box sx={{ display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <ChartCard title="Price vs Short Volume" table={view.volumeTable} height={460} mobileHeight={420}>
        {({ width, height, isMobile }) => {
          const top = Math.round(height * 0.62);
          return (
            <Box>
              <DualAxisChart
                dates={dates}
                layers={view.volume}
                width={width}
                height={top}
                compact={isMobile}
                formatLeft={(v) => formatShort(v)}
                formatRight={price}
              />
              <DualAxisChart
                dates={dates}
                layers={view.position}
                width={width}
                height={height - top}
                compact={isMobile}
                formatLeft={(v) => formatShort(v)}
                label="Rolling 20-Day Position"
                reserveRightAxis
              />
            </Box>
          );
        }}
      </ChartCard>
      <ChartCard title="Price vs Short Volume %" table={view.percentTable} height={460} mobileHeight={360}>
        {({ width, height, isMobile }) => (
          <DualAxisChart
            dates={dates}
            layers={view.percent}
            width={width}
            height={height}
            compact={isMobile}
            formatLeft={(v) => `${Number(v.toFixed(1))}%`}
            formatRight={price}
          />
        )}
      </ChartCard>
    </Box>
  );
}
