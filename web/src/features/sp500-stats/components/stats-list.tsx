import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Sp500Stat } from '@tapewatch/shared/schemas/sp500';
import { formatStat, type Unit } from '../utils/format.ts';

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
            {s.key}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {formatStat(s, unit, yearly)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
