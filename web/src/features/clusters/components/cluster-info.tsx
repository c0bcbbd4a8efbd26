import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ClusterInfoView } from '../utils/reshape.ts';

/** Cluster Info: the latest date, its cluster, and that cluster's average forward returns in %. */
export function ClusterInfo({ ticker, info }: { ticker: string; info: ClusterInfoView }) {
  const cell = (label: string, value: string, testId: string, color?: string) => (
    <Box key={label} sx={{ minWidth: 90 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="subtitle1" component="div" data-testid={testId} sx={{ fontWeight: 600, color }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Card component="section" variant="outlined" aria-label="Cluster Info" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, mb: 1 }}>
        Cluster Info
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, sm: 3 } }}>
        {cell('Ticker', ticker, 'info-ticker')}
        {cell('Date', info.date, 'info-date')}
        {cell('Current cluster', info.cluster, 'info-cluster')}
        {info.returns.map((r) =>
          cell(
            `${r.label} forward return`,
            r.value,
            `info-${r.label.toLowerCase()}`,
            r.raw === null ? undefined : r.raw >= 0 ? 'success.main' : 'error.main',
          ),
        )}
      </Box>
    </Card>
  );
}
