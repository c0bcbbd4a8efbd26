import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { BREAKPOINTS } from '@tapewatch/shared/constants';
import { useIsMobile } from '../../lib/use-viewport.ts';

/**
 * A screen's method text. Open on wide screens; on a phone it folds behind "How it is computed" so
 * the controls and the chart are not pushed a full screen down. A native <details>: keyboard and
 * screen-reader behaviour for free, and the text stays in the page for search and copy.
 */
export function PageHelp({ children, testId }: { children: ReactNode; testId?: string }) {
  const folded = useIsMobile(BREAKPOINTS.chartsMobile);
  return (
    <Box
      component="details"
      // Remount when the layout changes so the default follows the width.
      key={folded ? 'folded' : 'open'}
      open={!folded}
      data-testid={testId}
      sx={{
        maxWidth: 960,
        color: 'text.secondary',
        typography: 'body2',
        '& > summary': { cursor: 'pointer', mb: 0.5, color: 'primary.main' },
      }}
    >
      <summary>How it is computed</summary>
      {children}
    </Box>
  );
}
