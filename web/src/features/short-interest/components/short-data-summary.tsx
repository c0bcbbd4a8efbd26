import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { WatchlistStar } from '../../../components/watchlist/watchlist-star.tsx';
import type { IndShortInterestInfo } from '../api/get-ind-short-interest-info.ts';
import { shortDataSummary } from '../utils/reshape.ts';

interface ShortDataSummaryProps {
  ticker: string;
  info: IndShortInterestInfo | undefined;
  /** Settlement date of the figures, when known. */
  asOf?: string | undefined;
  /** Shown instead of the figures (e.g. a listing without short interest). */
  emptyText?: string | undefined;
}

export function ShortDataSummary({ ticker, info, asOf, emptyText }: ShortDataSummaryProps) {
  const items = info ? shortDataSummary(info) : [];
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby="short-data-title"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid="short-data"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography id="short-data-title" variant="h6" component="h2" sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }}>
          Short Data: {ticker}
        </Typography>
        <WatchlistStar ticker={ticker} />
      </Box>
      {asOf && (
        <Typography variant="caption" color="text.secondary">
          Settlement {asOf}
        </Typography>
      )}
      {emptyText ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="short-data-empty">
          {emptyText}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: { xs: 2.5, sm: 4 }, rowGap: 1, m: 0, mt: 1 }}
        >
          {items.map((item) => (
            <Box key={item.label}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {item.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  fontWeight: 600,
                  fontVariantNumeric: 'tabular-nums',
                  fontSize: { xs: '0.95rem', sm: '1.1rem' },
                }}
                data-testid={`short-data-${item.label}`}
              >
                {item.value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Card>
  );
}
