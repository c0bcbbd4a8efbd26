import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';

interface ExpiryTogglesProps {
  expiries: ReadonlyArray<{ expiry: string; color: string }>;
  shown: ReadonlySet<string>;
  onToggle: (expiry: string) => void;
}

/** The walls chart's legend: one toggle per expiry in its colour (at least one stays on). */
export function ExpiryToggles({ expiries, shown, onToggle }: ExpiryTogglesProps) {
  return (
    <Box role="group" aria-label="Expiries shown" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
      {expiries.map(({ expiry, color }) => {
        const on = shown.has(expiry);
        return (
          <Chip
            key={expiry}
            label={expiry}
            size="small"
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            disabled={on && shown.size === 1}
            onClick={() => onToggle(expiry)}
            icon={
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '2px',
                  bgcolor: color,
                  opacity: on ? 1 : 0.35,
                  ml: '6px !important',
                }}
              />
            }
            sx={{ fontVariantNumeric: 'tabular-nums', opacity: on ? 1 : 0.7 }}
          />
        );
      })}
    </Box>
  );
}
