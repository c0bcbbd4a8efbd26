import Box from '@mui/material/Box';

export interface LegendItem {
  label: string;
  color: string;
}

/**
 * The series of a chart as coloured keys above it (ChartCard `controls`). Hidden from assistive
 * tech: the card's data table names every series.
 */
export function SeriesLegend({
  items,
  shape = 'box',
}: {
  items: readonly LegendItem[];
  shape?: 'box' | 'line' | 'dot';
}) {
  const key =
    shape === 'line'
      ? { width: 14, height: 3, borderRadius: 1 }
      : shape === 'dot'
        ? { width: 10, height: 10, borderRadius: '50%' }
        : { width: 10, height: 10, borderRadius: '2px' };
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mb: 1, fontSize: 12 }}
      aria-hidden
      data-testid="series-legend"
    >
      {items.map((item) => (
        <Box key={item.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ ...key, flex: 'none', bgcolor: item.color }} />
          {item.label}
        </Box>
      ))}
    </Box>
  );
}
