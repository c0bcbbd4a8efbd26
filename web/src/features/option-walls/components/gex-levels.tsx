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
          {/* The series colour as a swatch: coloured text would fail contrast on one theme or the other. */}
          <Box
            component="span"
            aria-hidden
            sx={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: '2px',
              bgcolor: l.color,
              mr: 0.75,
              verticalAlign: 'baseline',
            }}
          />
          <Box component="span" sx={{ fontWeight: 600 }}>
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
