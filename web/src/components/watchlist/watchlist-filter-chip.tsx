import { lazy, Suspense } from 'react';
import type { WatchlistFilterChipProps } from './watchlist-filter-chip-menu.tsx';

export type { WatchlistFilterChipProps } from './watchlist-filter-chip-menu.tsx';

// The chip and its menu load after the page: they sit on most screens, and Chip + Menu would
// otherwise add ~6 kB gzip to each screen's initial JS (the 250 kB budget of npm run bench).
const ChipMenu = lazy(() => import('./watchlist-filter-chip-menu.tsx'));

/** The "watchlist" chip of a filter bar (watchlist-filter-chip-menu.tsx), loaded on demand. */
export function WatchlistFilterChip(props: WatchlistFilterChipProps) {
  return (
    <Suspense fallback={null}>
      <ChipMenu {...props} />
    </Suspense>
  );
}
