import { useLayoutEffect, useState } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { REDUCED_MOTION } from '../../lib/motion.ts';

interface LoadingOverlayProps {
  open: boolean;
}

/** Full-page loading indicator; Escape dismisses it until the next load starts. */
export function LoadingOverlay({ open }: LoadingOverlayProps) {
  const [dismissed, setDismissed] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDismissed(false);
  }
  const shown = open && !dismissed;
  // With reduced motion the spinner stands still (the theme stops animations), so the overlay says it is loading.
  const still = useMediaQuery(REDUCED_MOTION, { noSsr: true });

  // A layout effect attaches the listener before the overlay is painted, so an Escape pressed as
  // soon as it appears is never lost (a passive effect can run after the first paint).
  useLayoutEffect(() => {
    if (!shown) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shown]);

  // Unmounted once faded out: a hidden backdrop kept its indeterminate spinner animating, restyling every
  // frame on every page for as long as the page stayed open (half of an idle core in Chromium, measured).
  return (
    <Backdrop
      open={shown}
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid="loading-overlay"
      sx={(theme) => ({ zIndex: theme.zIndex.modal - 1, color: '#fff' })}
      aria-busy={shown}
    >
      {/* disableShrink: only the ring turns (a transform), where the default also redraws its arc on every frame,
          which cost twice the CPU while a page loads (headless Chromium, measured). */}
      <CircularProgress color="inherit" aria-label="Loading" disableShrink />
      {still ? (
        <Typography component="span" sx={{ ml: 2 }} aria-hidden>
          Loading…
        </Typography>
      ) : null}
    </Backdrop>
  );
}
