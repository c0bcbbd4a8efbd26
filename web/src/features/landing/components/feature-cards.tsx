import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import BoltIcon from '@mui/icons-material/Bolt';
import DashboardIcon from '@mui/icons-material/Dashboard';
import StackedLineChartIcon from '@mui/icons-material/StackedLineChart';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import type { SvgIconComponent } from '@mui/icons-material';

export const FEATURES: ReadonlyArray<{ title: string; text: string; icon: SvgIconComponent }> = [
  {
    title: 'Live & Historical Flow',
    text: 'Block and sweep trades as they print, with filters on ticker, strike, expiry, fill, size and score; history back to 2019.',
    icon: BoltIcon,
  },
  {
    title: 'Options Dashboard',
    text: 'The largest flows of the day, sector inflows and SPY, QQQ and IWM premiums against their 20-day average.',
    icon: DashboardIcon,
  },
  {
    title: 'Ticker Overview',
    text: 'Intraday call and put premiums against price, one- and five-day metrics and the seasonality of the flow.',
    icon: TravelExploreIcon,
  },
  {
    title: 'Cumulative Stats & Top Premiums',
    text: 'Cumulative net premiums over up to 40 days, premiums by strike, and the tickers and sectors drawing the most money.',
    icon: StackedLineChartIcon,
  },
];

export function FeatureCards() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
      {FEATURES.map(({ title, text, icon: Icon }) => (
        <Paper key={title} variant="outlined" component="article" aria-label={title} sx={{ p: 2.5 }}>
          <Icon color="primary" sx={{ fontSize: 32 }} aria-hidden />
          <Typography variant="h6" component="h3" sx={{ mt: 1, fontSize: '1.05rem', fontWeight: 700 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
            {text}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
