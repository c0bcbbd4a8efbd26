import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { USER_INFO_KEY } from '../../lib/session.ts';
import { SUPPORT_EMAIL } from './support.ts';
import { useConversionEvent } from './conversion.ts';

/** After checkout (spec part 2 section 2.3): refreshes the user (now basic) and records the conversion. */
export function SubscriptionSuccessPage() {
  const client = useQueryClient();
  useEffect(() => {
    void client.invalidateQueries({ queryKey: USER_INFO_KEY });
  }, [client]);
  useConversionEvent();

  return (
    <Box
      component="section"
      aria-label="Subscription success"
      sx={{
        maxWidth: 640,
        mx: 'auto',
        textAlign: 'center',
        py: { xs: 3, md: 6 },
        display: 'grid',
        gap: 2,
        justifyItems: 'center',
      }}
    >
      <TaskAltIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Thank you for subscribing!
      </Typography>
      <Typography>
        If you have any problem with your subscription, email us at{' '}
        <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
      </Typography>
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
