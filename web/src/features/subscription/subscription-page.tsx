import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PLAN_PRICES_USD } from '@tapewatch/shared/constants';
import { useSession } from '../../lib/session.ts';
import { startCheckout } from '../../lib/session-redirect.ts';
import { openForm } from '../../lib/forms-store.ts';

export const ALREADY_BASIC = 'You already have the Basic plan. Use Manage on your profile to change or cancel it.';

/**
 * The subscription page (spec part 2 section 2.3): "Pay now!" asks the server for a checkout
 * session and leaves for the hosted page. A visitor's click gets the server's "sign up first" alert.
 */
export function SubscriptionPage() {
  const { user, loggedIn } = useSession();
  const [busy, setBusy] = useState(false);
  const basic = loggedIn && user?.subscription === 'basic';
  const pay = async () => {
    setBusy(true);
    const leaving = await startCheckout();
    if (!leaving) setBusy(false);
  };
  return (
    <Box
      component="section"
      aria-label="Subscription"
      sx={{
        maxWidth: 560,
        mx: 'auto',
        textAlign: 'center',
        py: { xs: 3, md: 6 },
        display: 'grid',
        gap: 2,
        justifyItems: 'center',
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Basic plan
      </Typography>
      <Typography color="text.secondary">
        Live and historical options flow, the options dashboard, ticker overview, cumulative stats and top premiums for
        ${PLAN_PRICES_USD.basic} per month. You pay on the payment provider's secure checkout page and can cancel any
        time with Manage on your profile.
      </Typography>
      <Button
        variant="contained"
        size="large"
        disableElevation
        disabled={busy || basic}
        onClick={() => void pay()}
        aria-describedby={basic ? 'checkout-status' : undefined}
      >
        Pay now!
      </Button>
      {basic && (
        <Typography id="checkout-status" variant="body2" color="text.secondary">
          {ALREADY_BASIC}
        </Typography>
      )}
      {/* Checkout needs an account: visitors sign up first, with the Basic plan chosen. */}
      {user !== null && !loggedIn && (
        <Button variant="outlined" onClick={() => openForm('signup', { plan: 'basic' })}>
          Sign Up for Basic first
        </Button>
      )}
    </Box>
  );
}
