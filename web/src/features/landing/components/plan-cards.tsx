import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { PLAN_PRICES_USD } from '@tapewatch/shared/constants';
import { useNavigate } from 'react-router';
import { isFreeSubscription, useSession } from '../../../lib/session.ts';
import { openForm, type Plan } from '../../../lib/forms-store.ts';

const OFFERS: ReadonlyArray<{ plan: Plan; name: string; price: string; period: string; perks: readonly string[] }> = [
  {
    plan: 'free',
    name: 'Free',
    price: `$${PLAN_PRICES_USD.free}`,
    period: 'forever',
    perks: [
      'Access to all free features',
      'Short interest, dark pools, option walls',
      'Clusters, sectors, SPY To VIX, ARIMA',
    ],
  },
  {
    plan: 'basic',
    name: 'Basic',
    price: `$${PLAN_PRICES_USD.basic}`,
    period: 'per month',
    perks: [
      'Everything in Free',
      'Live & historical options flow',
      'Options dashboard and ticker overview',
      'Cumulative stats and top premiums',
    ],
  },
];

/**
 * The landing page's plans: visitors open Sign Up with the chosen plan; a free user's Basic button
 * goes to the subscription page; the current plan is marked.
 */
export function PlanCards() {
  const { loggedIn, subscription } = useSession();
  const navigate = useNavigate();
  const current: Plan | null = loggedIn ? (isFreeSubscription(subscription) ? 'free' : 'basic') : null;
  const act = (plan: Plan) => (loggedIn ? void navigate('/subscription') : openForm('signup', { plan }));

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, maxWidth: 760 }}>
      {OFFERS.map((o) => (
        <Paper
          key={o.plan}
          variant="outlined"
          aria-label={`${o.name} plan`}
          sx={{
            p: 3,
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
            borderColor: o.plan === 'basic' ? 'primary.main' : 'divider',
            borderWidth: o.plan === 'basic' ? 2 : 1,
          }}
        >
          <Typography variant="overline" sx={{ fontWeight: 700, letterSpacing: 2 }}>
            {o.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography component="span" sx={{ fontSize: '2.5rem', fontWeight: 800, lineHeight: 1 }}>
              {o.price}
            </Typography>
            <Typography component="span" color="text.secondary">
              {o.period}
            </Typography>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, flex: 1, display: 'grid', gap: 0.75 }}>
            {o.perks.map((perk) => (
              <Box component="li" key={perk} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <CheckIcon fontSize="small" color="success" aria-hidden />
                <Typography variant="body2">{perk}</Typography>
              </Box>
            ))}
          </Box>
          {current === o.plan ? (
            <Button disabled variant="outlined">
              Your plan
            </Button>
          ) : current === 'basic' || (current === 'free' && o.plan === 'free') ? null : (
            <Button
              variant={o.plan === 'basic' ? 'contained' : 'outlined'}
              disableElevation
              onClick={() => act(o.plan)}
            >
              {loggedIn ? 'Subscribe' : o.plan === 'basic' ? 'Get Basic' : 'Start free'}
            </Button>
          )}
        </Paper>
      ))}
    </Box>
  );
}
