import Box from '@mui/material/Box';
import { darken } from '@mui/material/styles';
import { demoBadgeText } from '@tapewatch/shared/demo/generated-datasets';
import { useAppInfo } from '../../lib/app-info.ts';

export { demoBadgeText };

/** Shown whenever the server runs on the demo data set, so nobody mistakes it for live data. */
export function DemoBadge() {
  const { data } = useAppInfo();
  if (data?.data_mode !== 'demo') return null;
  return (
    // A plain box rather than MUI Chip: Chip's delete/click machinery is ~3 kB gzip in the entry.
    <Box
      component="span"
      data-testid="demo-badge"
      role="status"
      sx={{
        display: 'inline-block',
        px: 1.25,
        py: 0.25,
        border: 1,
        borderColor: 'warning.main',
        borderRadius: 4,
        // Orange text on white reads at 3.1:1; a darker shade keeps it AA (4.5:1) in the light theme.
        color: (t) => (t.palette.mode === 'light' ? darken(t.palette.warning.main, 0.3) : t.palette.warning.main),
        typography: 'caption',
        fontWeight: 500,
        lineHeight: 1.5,
      }}
    >
      {demoBadgeText(data.as_of, data.options_flow === 'simulated')}
    </Box>
  );
}
