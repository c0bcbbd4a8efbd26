import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { TREND_COLOR, TREND_ICON } from '../../../components/ticker/quote-panel.tsx';
import type { IndexCard } from '../utils/dashboard-view.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-label={label}
        sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function IndexMetricsCard({ card, highlighted }: { card: IndexCard; highlighted: boolean }) {
  const TrendIcon = TREND_ICON[card.trend];
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={`${card.ticker} metrics`}
      data-testid={`index-card-${card.ticker}`}
      data-highlighted={highlighted || undefined}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, ...(highlighted && { borderColor: 'primary.main', borderWidth: 2 }) }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {card.ticker}
        </Typography>
        <Box sx={{ textAlign: 'right' }}>
          <Typography
            component="p"
            data-testid="index-price"
            sx={{ fontSize: '1.5rem', fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
          >
            {card.price}
          </Typography>
          <Typography
            component="p"
            data-testid="index-change"
            data-trend={card.trend}
            sx={{
              color: TREND_COLOR[card.trend],
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              fontWeight: 500,
            }}
          >
            <TrendIcon fontSize="small" aria-hidden />
            <span>{card.change}</span>
          </Typography>
        </Box>
      </Box>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
        {card.source}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        <Figure label="Call premiums" value={card.callPremiums} />
        <Figure label="Put premiums" value={card.putPremiums} />
        <Figure label="Call trades" value={card.callFlow} />
        <Figure label="Put trades" value={card.putFlow} />
      </Box>
    </Card>
  );
}

/** SPY, QQQ and IWM: price and change (coloured by direction, as in the quote panel) with the day's flow. */
export function IndexCards({ cards, highlight }: { cards: readonly IndexCard[]; highlight: string | null }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
      {cards.map((c) => (
        <IndexMetricsCard key={c.ticker} card={c} highlighted={c.ticker === highlight} />
      ))}
    </Box>
  );
}
