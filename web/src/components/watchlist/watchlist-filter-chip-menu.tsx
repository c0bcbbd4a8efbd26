import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import StarIcon from '@mui/icons-material/Star';
import { useState } from 'react';
import { promptSignUp } from '../../lib/sign-up-prompt.ts';
import type { WatchlistFilter } from './use-watchlist-filter.ts';

export interface WatchlistFilterChipProps {
  filter: WatchlistFilter;
  /** "Filter" limits rows to the list; "highlight" marks them (charts, maps). */
  mode?: 'filter' | 'highlight';
}

/**
 * The "watchlist" chip of a filter bar: off, or one of the user's lists (kept in the URL by the
 * filter hook). A signed-out visitor gets the sign-up form instead of the menu.
 */
export default function WatchlistFilterChipMenu({ filter, mode = 'filter' }: WatchlistFilterChipProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = filter.listId !== null;
  const verb = mode === 'filter' ? 'Watchlist' : 'Highlight';
  const label = active
    ? `${mode === 'filter' ? '' : `${verb}: `}${filter.list?.name ?? '…'}${filter.list ? ` (${filter.list.tickers.length})` : ''}`
    : mode === 'filter'
      ? 'Watchlist'
      : 'Highlight watchlist';
  return (
    <>
      <Chip
        icon={<StarIcon />}
        label={label}
        color={active ? 'warning' : 'default'}
        variant={active ? 'filled' : 'outlined'}
        onClick={(e) => (filter.loggedIn ? setAnchor(e.currentTarget) : promptSignUp())}
        onDelete={active ? () => filter.setListId(null) : undefined}
        aria-haspopup="menu"
        data-testid="watchlist-filter-chip"
        data-active={active ? 'true' : 'false'}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          selected={!active}
          onClick={() => {
            filter.setListId(null);
            setAnchor(null);
          }}
        >
          {mode === 'filter' ? 'All tickers' : 'No highlight'}
        </MenuItem>
        {filter.lists.map((l) => (
          <MenuItem
            key={l.id}
            selected={l.id === filter.listId}
            onClick={() => {
              filter.setListId(l.id);
              setAnchor(null);
            }}
          >
            {l.name} ({l.tickers.length})
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
