import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/format.ts';

/** A 0-100 bar with today's IV rank marked, and the percentile beside it. */
export function IvRankGauge({ rank, percentile }: { rank: number | null; percentile: number | null }) {
  const value = rank ?? 0;
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        IV rank {rank === null ? '-' : formatNumber(rank, 0)} · IV percentile{' '}
        {percentile === null ? '-' : formatNumber(percentile, 0)}
      </Typography>
      <Box
        role="meter"
        aria-label="IV rank"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        data-testid="iv-rank-gauge"
        sx={{
          position: 'relative',
          height: 14,
          mt: 1,
          borderRadius: 7,
          background: 'linear-gradient(90deg, #2e7d32, #f9a825 50%, #c62828)',
        }}
      >
        {rank !== null && (
          <Box
            sx={{
              position: 'absolute',
              left: `calc(${value}% - 3px)`,
              top: -4,
              width: 6,
              height: 22,
              borderRadius: 1,
              bgcolor: 'text.primary',
              border: 1,
              borderColor: 'background.paper',
            }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="caption" color="text.secondary">
          0 (year low)
        </Typography>
        <Typography variant="caption" color="text.secondary">
          100 (year high)
        </Typography>
      </Box>
    </Box>
  );
}
