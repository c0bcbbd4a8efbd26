import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { openForm } from '../../lib/forms-store.ts';
import { isFreeSubscription, logout, useSession } from '../../lib/session.ts';

// The menu (MUI Menu, ~9 kB gzip) loads on first open: most visitors never log in.
const NavbarAccountMenu = lazy(() =>
  import('./navbar-account-menu.tsx').then((m) => ({ default: m.NavbarAccountMenu })),
);

/**
 * Navbar account entries (spec part 2 section 2.18): logged out, Sign Up (to the plans) and Login;
 * logged in, a menu with Profile and Logout, plus Subscribe on the free plan.
 */
export function NavbarAccount({ compact }: { compact: boolean }) {
  const { user, loggedIn, subscription } = useSession();
  const client = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const size = compact ? 'small' : 'medium';
  // At 375 px the logo, two buttons and the colour toggle must share one line.
  const fit = compact ? { whiteSpace: 'nowrap', minWidth: 0, px: 1 } : { whiteSpace: 'nowrap' };

  if (user === null) return null; // still restoring the session: no flicker of the wrong state
  if (!loggedIn) {
    return (
      <>
        <Button
          component={RouterLink}
          to="/subscriptioncards"
          variant="contained"
          size={size}
          disableElevation
          sx={fit}
        >
          Sign Up
        </Button>
        <Button onClick={() => openForm('login')} size={size} sx={fit}>
          Login
        </Button>
      </>
    );
  }
  const close = () => setAnchor(null);
  return (
    <>
      {isFreeSubscription(subscription) && (
        <Button
          component={RouterLink}
          to="/subscriptioncards"
          variant="contained"
          size={size}
          disableElevation
          sx={fit}
        >
          Subscribe
        </Button>
      )}
      {compact ? (
        <IconButton aria-label="Account menu" onClick={(e) => setAnchor(e.currentTarget)}>
          <AccountCircleIcon />
        </IconButton>
      ) : (
        // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
        <Button
          aria-label={`${user.username}, Account menu`}
          color="inherit"
          startIcon={<AccountCircleIcon />}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ textTransform: 'none' }}
        >
          {user.username}
        </Button>
      )}
      {anchor && (
        <Suspense fallback={null}>
          <NavbarAccountMenu
            anchor={anchor}
            onClose={close}
            onLogout={() => void logout(client)}
            basic={subscription === 'basic'}
          />
        </Suspense>
      )}
    </>
  );
}
