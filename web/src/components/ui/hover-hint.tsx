import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

// MUI's Tooltip brings Popper (~11 kB gzip with Grow): for a hint on a small icon it loads on the
// first hover, and shows at once since the pointer is already there.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

interface HoverHintProps {
  title: string;
  /** The element the hint is about; it must take pointer events (an icon, a button). */
  children: ReactElement<{ onPointerEnter?: () => void; onPointerLeave?: () => void }>;
}

/** A tooltip loaded on demand: until the first hover its trigger renders alone. */
export function HoverHint({ title, children }: HoverHintProps) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const bare = cloneElement(children, {
    onPointerEnter: () => {
      setWanted(true);
      setOpen(true);
    },
    onPointerLeave: () => setOpen(false),
  });
  if (!wanted) return bare;
  return (
    <Suspense fallback={bare}>
      <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
