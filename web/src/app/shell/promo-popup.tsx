import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Slide from '@mui/material/Slide';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { PROMO } from '@tapewatch/shared/constants';
import { useLocation, useNavigate } from 'react-router';
import { useAccountForms } from '../../lib/forms-store.ts';
import { useSession } from '../../lib/session.ts';
import { readPromoClosed, rememberPromoClosed, shouldShowPromo, showMoreInfo } from './promo-popup-rules.ts';

// A moment after the page shows, so the promotion does not cover the first paint of the data.
export const PROMO_DELAY_MS = 1500;

/** The promotional popup: a non-modal card in the corner, closed for the rest of the browser session. */
export function PromoPopup() {
  const { user, subscription } = useSession();
  const { open: openForm } = useAccountForms();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [closed, setClosed] = useState(readPromoClosed);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), PROMO_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const visible = ready && shouldShowPromo({ subscription: user === null ? null : subscription, openForm, closed });
  const hide = () => {
    rememberPromoClosed();
    setClosed(true);
  };
  const toPlans = () => {
    hide();
    void navigate('/subscriptioncards');
  };

  return (
    <Slide direction="up" in={visible} mountOnEnter unmountOnExit>
      <Paper
        // Non-modal: an aside in the corner, not a dialog that takes focus or blocks the page.
        component="aside"
        aria-label="Promotion"
        elevation={8}
        sx={{
          position: 'fixed',
          zIndex: 1250, // above the sidebar and navbar, below modal forms and alerts
          right: { xs: 8, sm: 24 },
          left: { xs: 8, sm: 'auto' },
          bottom: { xs: 8, sm: 24 },
          maxWidth: { sm: 380 },
          p: 2,
          pr: 5,
          borderLeft: 4,
          borderColor: 'primary.main',
        }}
      >
        <IconButton
          aria-label="Close promotion"
          size="small"
          onClick={hide}
          sx={{ position: 'absolute', top: 6, right: 6 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {PROMO.percentOff}% off your first month of Options Flow
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          Use coupon{' '}
          <Box component="strong" data-testid="promo-coupon" sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
            {PROMO.couponCode}
          </Box>{' '}
          at checkout, and join the traders in our community chat on{' '}
          <Link href={PROMO.chatUrl} target="_blank" rel="noopener noreferrer">
            {PROMO.chatName}
          </Link>
          .
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5 }}>
          {showMoreInfo(pathname) && (
            <Button size="small" onClick={toPlans}>
              More Info
            </Button>
          )}
          <Button size="small" variant="contained" disableElevation onClick={toPlans}>
            Subscribe
          </Button>
        </Box>
      </Paper>
    </Slide>
  );
}
