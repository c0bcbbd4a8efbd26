import Box from '@mui/material/Box';

/**
 * Preformatted code that scrolls sideways on a phone instead of widening the page. Focusable so a
 * keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        overflowX: 'auto',
        fontSize: '0.8rem',
        maxWidth: '100%',
      }}
    >
      <code>{code}</code>
    </Box>
  );
}
