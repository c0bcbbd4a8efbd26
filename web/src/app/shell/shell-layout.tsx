import { Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { BREAKPOINTS } from '@tapewatch/shared/constants';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useIsMobile } from '../../lib/use-viewport.ts';
import { AccountForms } from '../../features/accounts/account-forms.tsx';
import { openForm } from '../../lib/forms-store.ts';
import { registerSignUpPrompt } from '../../lib/sign-up-prompt.ts';
import { SIDEBAR_WIDTH } from '../theme.ts';
import { DemoBadge } from './demo-badge.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { PromoPopup } from './promo-popup.tsx';
import { DesktopSidebar, MobileSidebar } from './sidebar.tsx';

const PIN_STORAGE_KEY = 'tapewatch_sidebar_pinned';

function readPinned(): boolean {
  try {
    return window.localStorage.getItem(PIN_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function ShellLayout() {
  const isMobile = useIsMobile(BREAKPOINTS.chartsMobile);
  const [menuOpen, setMenuOpen] = useState(false);
  const [pinned, setPinned] = useState(readPinned);
  // Watchlists are free: a signed-out star opens the free sign-up form.
  useEffect(() => registerSignUpPrompt(() => openForm('signup', { plan: 'free' })), []);

  const togglePin = () => {
    setPinned((p) => {
      try {
        window.localStorage.setItem(PIN_STORAGE_KEY, p ? '0' : '1');
      } catch {
        // Storage blocked: the pin lasts for this page view.
      }
      return !p;
    });
  };

  const offset = isMobile ? 0 : pinned ? SIDEBAR_WIDTH.expanded : SIDEBAR_WIDTH.collapsed;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Navbar isMobile={isMobile} onOpenMenu={() => setMenuOpen(true)} />
      {isMobile ? (
        <MobileSidebar open={menuOpen} onClose={() => setMenuOpen(false)} />
      ) : (
        <DesktopSidebar pinned={pinned} onTogglePin={togglePin} />
      )}
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          ml: `${offset}px`,
          display: 'flex',
          flexDirection: 'column',
          transition: 'margin-left 200ms',
        }}
      >
        <Toolbar />
        <Box component="main" sx={{ flex: 1, px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
          {isMobile && (
            <Box sx={{ mb: 2 }}>
              <DemoBadge />
            </Box>
          )}
          <Suspense fallback={<LoadingOverlay open />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
      <AccountForms />
      <PromoPopup />
    </Box>
  );
}
