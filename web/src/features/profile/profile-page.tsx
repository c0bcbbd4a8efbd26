import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { onAlertEvent, showAlert } from '../../lib/alert-store.ts';
import { deleteAccount, USER_INFO_KEY, useSession } from '../../lib/session.ts';
import { openBillingPortal } from '../../lib/session-redirect.ts';
import { capitalise } from './capitalise.ts';
import { ApiKeysCard } from './components/api-keys-card.tsx';

/**
 * Back from the billing portal (`?from=billing`): the provider's webhook that changes the plan may
 * land after the redirect, and sessions are cached for a second, so the plan is read again a few
 * times instead of showing the old one until the next visit.
 */
export const BILLING_RECHECK_MS = [1500, 4000, 8000, 15000] as const;

export const DELETE_CONFIRMATION =
  'Are you sure you want to delete your account? Please cancel any paid subscription before you proceed.';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography data-testid={testId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Profile (spec part 2 section 2.17): username, e-mail, subscription; Manage for basic; Delete. */
export function ProfilePage() {
  const { user, loggedIn } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromBilling = params.get('from') === 'billing';
  // Deleting asks for the password again; the confirm alert's handler reads the latest value.
  const [password, setPassword] = useState('');
  const passwordRef = useRef('');
  passwordRef.current = password;

  useEffect(() => {
    if (!fromBilling) return undefined;
    const timers = BILLING_RECHECK_MS.map((ms) =>
      setTimeout(() => void client.invalidateQueries({ queryKey: USER_INFO_KEY }), ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [fromBilling, client]);

  useEffect(
    () =>
      onAlertEvent((event) => {
        // The confirm alert's button is "Delete"; Cancel, Escape and the backdrop emit cancel.
        if (event.type !== 'close' || event.message !== DELETE_CONFIRMATION) return;
        void deleteAccount(client, passwordRef.current).then((deleted) => {
          setPassword('');
          if (deleted) navigate('/', { replace: true });
        });
      }),
    [client, navigate],
  );

  const confirmDelete = () => showAlert({ message: DELETE_CONFIRMATION, buttonLabel: 'Delete', showCancel: true });

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Profile
      </Typography>
      {user === null ? null : !loggedIn ? (
        <Typography>Please log in to see your profile.</Typography>
      ) : (
        <>
          <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 1 }}>
            <Row label="Username" value={user.username} testId="profile-username" />
            <Row label="E-mail" value={user.email} testId="profile-email" />
            <Row label="Subscription" value={capitalise(user.subscription)} testId="profile-subscription" />
            {user.subscription === 'basic' && (
              <Box sx={{ py: 1.25 }}>
                <Link component="button" type="button" variant="body1" onClick={() => void openBillingPortal()}>
                  Manage
                </Link>
              </Box>
            )}
          </Paper>
          <ApiKeysCard />
          <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 }, py: 2, mt: 3, borderColor: 'error.main' }}>
            <Typography variant="h6" component="h2">
              Delete Account
            </Typography>
            <TextField
              size="small"
              type="password"
              label="Password to confirm deletion"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              sx={{ display: 'block', mt: 1 }}
            />
            <Link
              component="button"
              type="button"
              variant="body1"
              color="error"
              onClick={confirmDelete}
              disabled={!password}
              sx={{ mt: 1 }}
            >
              Delete
            </Link>
          </Paper>
        </>
      )}
    </Box>
  );
}
