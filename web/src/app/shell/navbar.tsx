import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { useColorMode } from '../color-mode.tsx';
import { DemoBadge } from './demo-badge.tsx';
import { NavbarAccount } from './navbar-account.tsx';

// Subscribers only, so everyone else's first load does not carry the bell, its socket and its popover.
const AlertBell = lazy(() => import('./alert-bell.tsx'));

interface NavbarProps {
  isMobile: boolean;
  onOpenMenu: () => void;
}

export function Navbar({ isMobile, onOpenMenu }: NavbarProps) {
  const { mode, toggle } = useColorMode();
  const session = useSession();
  const nextMode = mode === 'dark' ? 'light' : 'dark';
  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {isMobile && (
          <IconButton edge="start" onClick={onOpenMenu} aria-label="Open navigation menu">
            <MenuIcon />
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to="/"
          underline="none"
          color="inherit"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 0.5, sm: 1 },
            fontWeight: 700,
            fontSize: { xs: '1.1rem', sm: '1.25rem' },
          }}
        >
          <ShowChartIcon color="primary" aria-hidden />
          Tapewatch
        </Link>
        {!isMobile && (
          <Box sx={{ ml: 2 }}>
            <DemoBadge />
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {session.loggedIn && session.subscription.toLowerCase() === 'basic' && (
          <Suspense fallback={null}>
            <AlertBell />
          </Suspense>
        )}
        <NavbarAccount compact={isMobile} />
        <IconButton onClick={toggle} aria-label={`Switch to ${nextMode} mode`} title={`Switch to ${nextMode} mode`}>
          {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
        </IconButton>
      </Toolbar>
    </AppBar>
  );
}
