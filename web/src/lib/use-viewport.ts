import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const getWidth = (): number => window.innerWidth;

/** The window's inner width, updated on resize. */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, getWidth, () => 1440);
}

/** True under `breakpoint` px: charts switch layout under 850 px, heatmaps under 600 px. */
export function useIsMobile(breakpoint: number): boolean {
  return useViewportWidth() < breakpoint;
}
