import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PLAN_PRICES_USD } from '@tapewatch/shared/constants';
import { useSession } from '../../lib/session.ts';
import { openForm } from '../account/forms-store.ts';

/**
 * The subscription page (spec part 2 section 2.3): one "Pay now!" button. The checkout call
 * (POST /api/checkoutsession) is not in the route table yet, so the button stays disabled and says why.
 */
export const CHECKOUT_UNAVAILABLE = 'Checkout is not configured yet: payments are coming soon.';

export function SubscriptionPage() {
  const { user, loggedIn } = useSession();
  return (
    <Box component="section" aria-label="Subscription" sx={{ maxWidth: 560, mx: 'auto', textAlign: 'center', py: { xs: 3, md: 6 }, display: 'grid', gap: 2, justifyItems: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Basic plan
      </Typography>
      <Typography color="text.secondary">
        Live and historical options flow, the options dashboard, ticker overview, cumulative stats and top premiums for ${PLAN_PRICES_USD.basic} per month. You pay on
        the payment provider's secure checkout page and can cancel any time with Manage on your profile.
      </Typography>
      {/* A disabled button fires no events; the wrapper carries the explanation for pointer users. */}
      <Box component="span" title={CHECKOUT_UNAVAILABLE}>
        <Button variant="contained" size="large" disableElevation disabled aria-describedby="checkout-status">
          Pay now!
        </Button>
      </Box>
      <Typography id="checkout-status" variant="body2" color="text.secondary">
        {CHECKOUT_UNAVAILABLE}
      </Typography>
      {/* Checkout needs an account: visitors sign up first, with the Basic plan chosen. */}
      {user !== null && !loggedIn && (
        <Button variant="outlined" onClick={() => openForm('signup', { plan: 'basic' })}>
          Sign Up for Basic first
        </Button>
      )}
    </Box>
  );
}
