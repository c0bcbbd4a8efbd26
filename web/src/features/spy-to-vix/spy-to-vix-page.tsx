import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useSpyToVixData } from './api/get-spy-to-vix-data.ts';
import { HorizonSection } from './components/horizon-section.tsx';
import { PERIODS } from './utils/reshape.ts';

export function SpyToVixPage() {
  const { data, isFetching } = useSpyToVixData();
  const corr5 = data?.spy_to_vix_prob_positive.regression_data['5d'];
  return (
    <Box component="article">
      <Box sx={{ mb: { xs: 2, sm: 3 } }}>
        <Typography variant="h1" gutterBottom>
          SPY To VIX Forward Returns
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }} component="div">
          <p>
            How SPY moves with VIX, and what SPY did next. For each horizon h (1, 2, 5, 10 and 20 trading days) and each
            day t since {data?.from.slice(0, 4) ?? '2004'}, we take SPY&apos;s and VIX&apos;s % change over the h days
            ending at t, and SPY&apos;s % return over the next h days. SPY closes are dividend-adjusted (total return);
            VIX closes are the index level.
          </p>
          <p>
            The regression is SPY change = alpha + beta x VIX change (ordinary least squares). The h-day windows
            overlap, so the standard errors are Newey-West with h - 1 lags (0 lags at one day, i.e. White&apos;s robust
            errors).
            {corr5 && (
              <>
                {' '}
                We measure a 5-day correlation of <b data-testid="corr-5d">{corr5.correlation.toFixed(2)}</b> between
                SPY and VIX changes (R-squared {corr5.r_squared.toFixed(2)}): SPY tends to fall when VIX rises.
              </>
            )}
            {data?.as_of ? ` Data as of ${data.as_of}.` : ''}
          </p>
        </Typography>
      </Box>
      {data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 4, sm: 5 } }}>
          {PERIODS.map((p) => (
            <HorizonSection key={p.key} data={data} period={p.key} days={p.days} />
          ))}
        </Box>
      )}
      <LoadingOverlay open={isFetching && !data} />
    </Box>
  );
}
