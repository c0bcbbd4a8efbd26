import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on. Pages with
 * many large charts (SPY To VIX draws 15 heatmaps of up to 6,000 cells) render each chart only
 * when the reader scrolls near it, so the first paint stays fast on a phone.
 * Without IntersectionObserver (old browsers, the tests' DOM) everything renders at once.
 */
export function useNearViewport(ref: RefObject<HTMLElement | null>, enabled: boolean, margin = '400px'): boolean {
  const [near, setNear] = useState(!enabled || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
