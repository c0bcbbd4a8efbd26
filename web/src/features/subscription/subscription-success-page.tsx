import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { openForm } from '../../lib/forms-store.ts';
import { USER_INFO_KEY, userInfoQueryOptions, useSession } from '../../lib/session.ts';
import { SUPPORT_EMAIL } from './support.ts';
import { useConversionEvent } from './conversion.ts';

/** While a signed-in user's plan is not basic yet, the plan is read again this often (the webhook may lag the redirect). */
export const PLAN_RECHECK_MS = 3_000;

const pageSx = {
  maxWidth: 640,
  mx: 'auto',
  textAlign: 'center',
  py: { xs: 3, md: 6 },
  display: 'grid',
  gap: 2,
  justifyItems: 'center',
} as const;

function Support() {
  return (
    <Typography>
      If you have any problem with your subscription, email us at{' '}
      <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
    </Typography>
  );
}

/** A Basic sign-up pays before confirming the email, so it comes back logged out: the next step is the email. */
function ConfirmThenLogIn() {
  useConversionEvent();
  return (
    <Box component="section" aria-label="Subscription success" sx={pageSx}>
      <MarkEmailReadIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Payment received: confirm your email
      </Typography>
      <Typography>
        We have sent you a confirmation email. Open its link to activate your account, then log in: your Basic plan is
        on it.
      </Typography>
      <Button variant="contained" disableElevation onClick={() => openForm('login')}>
        Log in
      </Button>
      <Support />
    </Box>
  );
}

function Subscribed() {
  useConversionEvent();
  return (
    <Box component="section" aria-label="Subscription success" sx={pageSx}>
      <TaskAltIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Thank you for subscribing!
      </Typography>
      <Support />
      <Typography color="text.secondary">
        Cookies and scripts must be enabled in your browser: they are needed for authentication and for the charts and
        tables.
      </Typography>
      <Button component={RouterLink} to="/optionsflow" variant="contained" disableElevation>
        Open the options flow
      </Button>
    </Box>
  );
}

/** Signed in without the plan: no payment is known (yet); the page updates when the webhook lands. */
function NotSubscribed() {
  return (
    <Box component="section" aria-label="Subscription status" sx={pageSx}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        No subscription yet
      </Typography>
      <Typography role="status">
        Your account does not have the Basic plan. If you have just paid, this page updates by itself in a few seconds.
      </Typography>
      <Button component={RouterLink} to="/subscription" variant="outlined">
        See the Basic plan
      </Button>
      <Support />
    </Box>
  );
}

/**
 * After checkout (spec part 2 section 2.3): refreshes the user, then greets a subscriber (and records
 * the conversion), tells a logged-out payer to confirm the email and log in, and tells a free user
 * that no subscription is known while it keeps checking.
 */
export function SubscriptionSuccessPage() {
  const client = useQueryClient();
  const { user, loggedIn, subscription } = useSession();
  const basic = loggedIn && subscription.toLowerCase() === 'basic';
  useEffect(() => {
    void client.invalidateQueries({ queryKey: USER_INFO_KEY });
  }, [client]);
  useQuery({ ...userInfoQueryOptions, refetchInterval: loggedIn && !basic ? PLAN_RECHECK_MS : false });

  if (user === null) return null;
  if (!loggedIn) return <ConfirmThenLogIn />;
  return basic ? <Subscribed /> : <NotSubscribed />;
}
