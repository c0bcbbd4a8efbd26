import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import type { MouseEvent } from 'react';
import { normaliseTicker } from '@tapewatch/shared/watchlists/limits';
import { promptSignUp } from '../../lib/sign-up-prompt.ts';
import { DEFAULT_WATCHLIST_ID, useStarMutation, useWatchlists } from './watchlist-api.ts';

export interface WatchlistStarProps {
  ticker: string;
  /** The list the star adds to; the default list unless a page chose another. */
  listId?: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /**
   * Inside a listbox option (search results) an interactive child would join the option's name and
   * break its keyboard model: there the star is a mouse shortcut, out of the tab order and the
   * accessibility tree; the quote panel's star serves keyboard and screen-reader users.
   */
  decorative?: boolean;
}

/**
 * The star shown next to a ticker that is the subject of a view: filled when the ticker is in the
 * list. Starring is optimistic (rolled back if refused); a signed-out visitor gets the sign-up form.
 */
export function WatchlistStar({
  ticker,
  listId = DEFAULT_WATCHLIST_ID,
  size = 'small',
  sx,
  decorative = false,
}: WatchlistStarProps) {
  const { loggedIn, lists } = useWatchlists();
  const star = useStarMutation();
  const symbol = normaliseTicker(ticker);
  const list = lists.find((l) => l.id === listId);
  const starred = list?.tickers.includes(symbol) ?? false;
  const name = list?.name ?? 'your watchlist';
  const label = !loggedIn
    ? `Sign up to add ${symbol} to a watchlist`
    : starred
      ? `Remove ${symbol} from ${name}`
      : `Add ${symbol} to ${name}`;

  const onClick = (event: MouseEvent) => {
    // Stars sit inside clickable rows: the click must not also select the row.
    event.stopPropagation();
    if (!loggedIn) return promptSignUp();
    if (symbol === '') return;
    star.mutate({ ticker: symbol, listId, add: !starred });
  };

  return (
    <IconButton
      size={size}
      onClick={onClick}
      aria-label={decorative ? undefined : label}
      aria-pressed={decorative ? undefined : starred}
      aria-hidden={decorative || undefined}
      tabIndex={decorative ? -1 : undefined}
      // The native hint, not MUI's Tooltip: the star is on most pages, and Tooltip brings Popper (~9 kB gzip) into their initial JS.
      title={label}
      data-testid={`star-${symbol}`}
      data-starred={starred ? 'true' : 'false'}
      sx={[
        { p: size === 'small' ? 0.25 : 0.5, color: starred ? 'warning.main' : 'text.secondary' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {starred ? (
        <StarIcon fontSize={size === 'small' ? 'small' : 'medium'} />
      ) : (
        <StarBorderIcon fontSize={size === 'small' ? 'small' : 'medium'} />
      )}
    </IconButton>
  );
}
