import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Sp500Stat } from '@tapewatch/shared/schemas/sp500';
import { formatStat, type Unit } from '../utils/format.ts';

/**
 * How a statistic is named on screen. The server's "Current" is the last value of a monthly or
 * yearly source that lags the screen's date by months, so the label says it is the latest available.
 */
export function statLabel(key: string, yearly: boolean): string {
  if (key === 'Current') return 'Latest available';
  if (key === 'Current date') return `Latest available (${yearly ? 'year' : 'month'})`;
  return key;
}

/** The key/value statistics of the dataset, two columns on wide screens. */
export function StatsList({ stats, unit, yearly }: { stats: readonly Sp500Stat[]; unit: Unit; yearly: boolean }) {
  return (
    <Box
      component="dl"
      data-testid="sp500-stats"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
        columnGap: 4,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {stats.map((s) => (
        <Box
          key={s.key}
          data-testid="sp500-stat"
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            borderBottom: 1,
            borderColor: 'divider',
            py: 0.5,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {statLabel(s.key, yearly)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {formatStat(s, unit, yearly)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
