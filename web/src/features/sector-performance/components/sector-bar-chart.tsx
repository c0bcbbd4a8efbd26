import { Bar } from '@nivo/bar';
import { useGainLossColors, useNivoTheme } from '../../../components/charts/use-nivo-theme.ts';
import type { SectorBarDatum } from '../utils/reshape.ts';
import { shortSectorName } from '../../../lib/sector-labels.ts';

interface SectorBarChartProps {
  data: SectorBarDatum[];
  width: number;
  height: number;
  compact: boolean;
}

/** Horizontal bars: gains green, losses red, sectors on the left. */
export function SectorBarChart({ data, width, height, compact }: SectorBarChartProps) {
  const theme = useNivoTheme();
  const { gain, loss, label } = useGainLossColors();
  // nivo's stacked domain starts at 0 and would push losses over the labels; give it both ends.
  const values = data.flatMap((d) => [d.positive, d.negative]).filter((v): v is number => typeof v === 'number');
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  return (
    <Bar<SectorBarDatum>
      width={width}
      height={height}
      data={data}
      keys={['positive', 'negative']}
      indexBy="sector"
      layout="horizontal"
      theme={theme}
      colors={({ id }) => (id === 'positive' ? gain : loss)}
      margin={compact ? { top: 4, right: 16, bottom: 28, left: 116 } : { top: 8, right: 24, bottom: 36, left: 170 }}
      padding={0.25}
      valueScale={{ type: 'linear', min, max, nice: true }}
      valueFormat=">-.2f"
      enableGridX
      enableGridY={false}
      axisBottom={{ format: (v: number) => `${v}%`, tickValues: compact ? 4 : 6 }}
      axisLeft={{ tickSize: 0, tickPadding: 6, format: compact ? (v: string) => shortSectorName(v) : undefined }}
      labelSkipWidth={compact ? 28 : 32}
      labelTextColor={label}
      markers={[
        { axis: 'x', value: 0, lineStyle: { stroke: theme.axis?.domain?.line?.stroke ?? '#888', strokeWidth: 1 } },
      ]}
      tooltipLabel={(d) => String(d.indexValue)}
      animate={false}
      role="presentation"
    />
  );
}
