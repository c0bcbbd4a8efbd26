import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PLAN_PRICES_USD } from '@tapewatch/shared/constants';
import { openForm } from '../../lib/forms-store.ts';

/** The ad landing page (/reddit-ads, spec part 2 section 2.4): one message, one action. */
export function PromoPage() {
  return (
    <Box
      component="section"
      aria-label="Options flow offer"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2.5,
        px: 2,
      }}
    >
      <Typography
        variant="h2"
        component="h1"
        sx={{ fontWeight: 900, letterSpacing: { md: 2 }, fontSize: { xs: '2.2rem', md: '4rem' } }}
      >
        UNUSUAL OPTIONS FLOW
      </Typography>
      <Typography
        variant="h5"
        component="p"
        color="text.secondary"
        sx={{ maxWidth: 640, fontSize: { xs: '1.15rem', md: '1.5rem' } }}
      >
        Follow smart money with large options trades data
      </Typography>
      <Typography component="p" color="primary" sx={{ fontWeight: 800, fontSize: { xs: '1.5rem', md: '2rem' } }}>
        ONLY ${PLAN_PRICES_USD.basic} per month
      </Typography>
      <Button
        variant="contained"
        size="large"
        disableElevation
        sx={{ px: 5, py: 1.5, fontSize: '1.1rem', fontWeight: 800 }}
        onClick={() => openForm('signup', { plan: 'basic' })}
      >
        SIGN UP NOW
      </Button>
    </Box>
  );
}
