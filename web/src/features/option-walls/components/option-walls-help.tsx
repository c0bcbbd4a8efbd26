import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';

const ITEMS = [
  {
    term: 'Delta-adjusted OI',
    text: 'Open interest x delta x 100 shares: the shares dealers hold to hedge the contracts at a strike. Calls are positive and puts negative, because a put’s delta is negative. Large bars mark strikes where hedging flows concentrate ("walls").',
  },
  {
    term: 'Gamma exposure (GEX)',
    text: 'Gamma x open interest x 100 x spot² x 1%: how many dollars of delta the contracts at a strike gain or lose when SPY moves 1%. Calls count positive and puts negative, assuming dealers are long the calls and short the puts customers trade.',
  },
  {
    term: 'Call wall and put wall',
    text: 'The strike with the largest call GEX and the strike with the most negative put GEX. They often act as resistance above and support below the price.',
  },
  {
    term: 'Zero gamma',
    text: 'Total GEX of every contract is recomputed with Black-Scholes gamma (each contract’s own implied volatility and time to expiry) at hypothetical SPY prices within ±10% of spot. Zero gamma is where that total changes sign, interpolated between grid points. Above it dealer hedging tends to damp moves; below it, to amplify them.',
  },
  {
    term: 'What is shown',
    text: 'Contracts expiring on the chain’s own date are left out: the chain is taken after the close, when they have expired. The bar chart shows the nearest 8 expiries and strikes within ±10% of spot so it stays readable; click an expiry to hide or show it.',
  },
];

export function OptionWallsHelp() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="option-walls-help" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography
        id="option-walls-help"
        variant="h6"
        component="h2"
        sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, mb: 1 }}
      >
        How to read these charts
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        {ITEMS.map((item) => (
          <Box key={item.term}>
            <Typography component="dt" variant="subtitle2">
              {item.term}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {item.text}
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
