import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { API_KEY_QUOTAS } from '@tapewatch/shared/api-keys/limits';
import { PLAN_PRICES_USD } from '@tapewatch/shared/constants';
import { useNavigate } from 'react-router';
import { isFreeSubscription, useSession } from '../../lib/session.ts';
import { openForm, type Plan } from '../../lib/forms-store.ts';

const PLANS: ReadonlyArray<{ plan: Plan; title: string; price: string; features: string[] }> = [
  {
    plan: 'free',
    title: 'Free plan',
    price: `$${PLAN_PRICES_USD.free}`,
    features: [
      'Access to all free features',
      'Short interest, dark pools, option walls',
      'Clusters, sector rotation and performance, SPY To VIX',
    ],
  },
  {
    plan: 'basic',
    title: 'Basic plan',
    price: `$${PLAN_PRICES_USD.basic} / month`,
    features: [
      'Everything in Free',
      'Live and historical options flow',
      'Dashboard, ticker overview, cumulative stats, top premiums',
      `Flow alerts: up to ${ALERT_LIMITS.activeRules} saved filters that notify you in the app and by email`,
      `Options flow through the API, ${API_KEY_QUOTAS.basic.perMinute} requests a minute`,
    ],
  },
];

/**
 * Subscription cards (spec part 2 section 2.3), the start of sign-up: a visitor picks a plan and the
 * Sign Up form opens with it. Checkout for logged-in users comes with the subscription issue.
 */
export function SubscriptionCardsPage() {
  const { user, loggedIn, subscription } = useSession();
  const navigate = useNavigate();
  const current = loggedIn ? (isFreeSubscription(subscription) ? 'free' : 'basic') : null;

  const choose = (plan: Plan) => {
    if (!loggedIn) openForm('signup', { plan });
    else if (plan === 'basic') void navigate('/subscription');
  };

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, textAlign: 'center' }}>
        Choose your plan
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        {PLANS.map(({ plan, title, price, features }) => (
          <Card
            key={plan}
            variant="outlined"
            component="section"
            aria-label={title}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              borderColor: plan === 'basic' ? 'primary.main' : 'divider',
            }}
          >
            <CardContent sx={{ flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="h6" component="h2">
                  {title}
                </Typography>
                {current === plan && <Chip size="small" color="success" label="Your plan" />}
              </Box>
              <Typography variant="h4" component="p" sx={{ my: 1.5, fontWeight: 700 }}>
                {price}
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, m: 0, display: 'grid', gap: 0.5 }}>
                {features.map((f) => (
                  <Typography component="li" variant="body2" key={f}>
                    {f}
                  </Typography>
                ))}
              </Box>
            </CardContent>
            <CardActions sx={{ p: 2 }}>
              {user !== null && current !== plan && !(current === 'basic' && plan === 'free') && (
                <Button
                  fullWidth
                  variant={plan === 'basic' ? 'contained' : 'outlined'}
                  disableElevation
                  onClick={() => choose(plan)}
                >
                  {loggedIn ? 'Subscribe' : plan === 'free' ? 'Sign Up free' : 'Sign Up for Basic'}
                </Button>
              )}
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
