import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PLAN_PRICES_USD } from '@tapewatch/shared/constants';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { openForm } from '../../../lib/forms-store.ts';

export function LandingHero() {
  const { loggedIn } = useSession();
  return (
    <Box component="header" sx={{ py: { xs: 4, md: 8 }, textAlign: { xs: 'left', md: 'center' } }}>
      <Typography
        variant="overline"
        component="p"
        color="primary"
        sx={{ fontWeight: 800, letterSpacing: 4, fontSize: { xs: '0.85rem', md: '1rem' } }}
      >
        FOLLOW SMART MONEY
      </Typography>
      <Typography
        variant="h2"
        component="h1"
        sx={{ fontWeight: 800, fontSize: { xs: '2.1rem', md: '3.5rem' }, lineHeight: 1.1, mt: 1 }}
      >
        Real-time option flow data
      </Typography>
      <Typography
        variant="h6"
        component="p"
        color="text.secondary"
        sx={{ mt: 2, mx: { md: 'auto' }, maxWidth: 680, fontWeight: 400 }}
      >
        Large block and sweep option trades as they hit the tape, scored and filterable, with the premium statistics
        behind them.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, mt: 3, justifyContent: { md: 'center' }, flexWrap: 'wrap' }}>
        {loggedIn ? (
          <Button component={RouterLink} to="/subscriptioncards" variant="contained" size="large" disableElevation>
            See plans
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            disableElevation
            onClick={() => openForm('signup', { plan: 'basic' })}
          >
            Start for ${PLAN_PRICES_USD.basic} / month
          </Button>
        )}
        <Button href="#sample-flow" variant="outlined" size="large">
          See the flow
        </Button>
      </Box>
    </Box>
  );
}
