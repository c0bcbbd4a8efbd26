import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { usePauseFromEmail } from './api/alerts-api.ts';

/** Where an alert email's pause link lands: pauses the alert at once, no login needed (the link is signed). */
export function AlertPausePage() {
  const { token = '' } = useParams();
  const pause = usePauseFromEmail();
  const { mutate } = pause;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
      <Typography variant="h1">Pause alert</Typography>
      {pause.isPending && <Typography>Pausing…</Typography>}
      {pause.data && (
        <Alert severity="success" data-testid="pause-done">
          {pause.data.status === 'paused'
            ? `The alert "${pause.data.rule_name}" is paused: it sends no more emails or notices.`
            : `The alert "${pause.data.rule_name}" was already paused.`}
        </Alert>
      )}
      {pause.isError && <Alert severity="error">This link could not pause the alert.</Alert>}
      <Link component={RouterLink} to="/alerts">
        Resume or change it on the Alerts page
      </Link>
    </Box>
  );
}
