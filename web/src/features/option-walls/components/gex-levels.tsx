import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../../lib/format.ts';
import type { ReferenceLine } from '../utils/reshape.ts';

/** The key levels as text above the GEX chart (also readable without the chart). */
export function GexLevels({ levels }: { levels: readonly ReferenceLine[] }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mb: 1 }}>
      {levels.map((l) => (
        <Typography key={l.id} variant="body2" data-testid={`level-${l.id}`}>
          <Box component="span" sx={{ color: l.color, fontWeight: 600 }}>
            {l.label}
          </Box>{' '}
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(l.value, 2)}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
