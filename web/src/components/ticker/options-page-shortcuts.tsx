import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { optionsPagesOf } from './options-pages.ts';

/**
 * A search result's links to the ticker's option chain and volatility pages. Inside a listbox option
 * an interactive child would break the option's name and keyboard model (see WatchlistStar's
 * `decorative`): these are mouse shortcuts, out of the tab order and the accessibility tree; the quote
 * panel's links serve keyboard and screen-reader users.
 */
export function OptionsPageShortcuts({ ticker, onOpen }: { ticker: string; onOpen?: () => void }) {
  const pages = optionsPagesOf(ticker);
  // The click opens the page, not the option: choosing the option would also set the page's ticker.
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    onOpen?.();
  };
  const linkProps = {
    component: RouterLink,
    tabIndex: -1,
    onClick: open,
    variant: 'caption',
    underline: 'hover',
  } as const;
  return (
    <Box component="span" aria-hidden sx={{ ml: 'auto', display: 'inline-flex', gap: 1, pl: 1, flexShrink: 0 }}>
      <Link {...linkProps} to={pages.chain} title={`${ticker} option chain`} data-testid={`search-chain-${ticker}`}>
        Chain
      </Link>
      <Link {...linkProps} to={pages.volatility} title={`${ticker} volatility`} data-testid={`search-vol-${ticker}`}>
        Vol
      </Link>
    </Box>
  );
}
