import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { REDUCED_MOTION } from '../../../lib/motion.ts';

interface RevealSectionProps {
  children: ReactNode;
  label: string;
  testId?: string;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/**
 * A landing section that fades and slides in when it scrolls into view. With reduced motion (or no
 * IntersectionObserver) it is shown at once, without any transition.
 */
export function RevealSection({ children, label, testId }: RevealSectionProps) {
  const ref = useRef<HTMLElement>(null);
  const [shown, setShown] = useState(() => prefersReducedMotion() || typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <Box
      component="section"
      ref={ref}
      aria-label={label}
      data-testid={testId}
      data-shown={shown}
      sx={{
        py: { xs: 3, md: 5 },
        opacity: shown ? 1 : 0,
        transform: shown ? 'none' : 'translateY(24px)',
        transition: 'opacity 600ms ease-out, transform 600ms ease-out',
        [`@media ${REDUCED_MOTION}`]: { opacity: 1, transform: 'none', transition: 'none' },
      }}
    >
      {children}
    </Box>
  );
}
