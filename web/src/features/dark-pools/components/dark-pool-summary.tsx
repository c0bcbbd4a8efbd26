import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/format.ts';
import { formatDollars, type DarkPoolSummary } from '../utils/reshape.ts';

/** "Dark Pool Data": the ticker's latest net short volume and 20-day position, in shares and dollars. */
export function DarkPoolSummaryCard({ ticker, summary }: { ticker: string; summary: DarkPoolSummary }) {
  const items = [
    { label: 'Net Short Volume', value: formatNumber(summary.netVolume), id: 'net-volume' },
    { label: 'Net Short Volume $', value: formatDollars(summary.netDollars), id: 'net-dollars' },
    { label: 'DP Position', value: formatNumber(summary.position), id: 'position' },
    { label: 'DP Position $', value: formatDollars(summary.positionDollars), id: 'position-dollars' },
  ];
  return (
    <Card component="section" variant="outlined" aria-label="Dark Pool Data" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}>
        Dark Pool Data
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {ticker} on {summary.date}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, mt: 1, gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))' }}>
        {items.map((item) => (
          <Box key={item.id}>
            <Typography variant="caption" color="text.secondary" component="div">
              {item.label}
            </Typography>
            <Typography
              variant="subtitle1"
              component="div"
              data-testid={`summary-${item.id}`}
              sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
            >
              {item.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
