import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { largestPremiums } from '@tapewatch/shared/flow/key-stats';
import { Link as RouterLink } from 'react-router';
import { ByStrikeChart } from '../../components/flow/by-strike-chart.tsx';
import { CumulativeStatsChart } from '../../components/flow/cumulative-stats-chart.tsx';
import { FlowTable } from '../../components/flow/flow-table.tsx';
import { TopPremiumsChart } from '../../components/flow/top-premiums-chart.tsx';
import { FeatureCards } from './components/feature-cards.tsx';
import { LandingHero } from './components/landing-hero.tsx';
import { PlanCards } from './components/plan-cards.tsx';
import { RevealSection } from './components/reveal-section.tsx';
import { SectionHeading } from './components/section-heading.tsx';
import { LANDING_SAMPLE } from './data/sample-data.ts';

export const SAMPLE_NOTE = `Sample data (${LANDING_SAMPLE.asOf}) for illustration: not live, not a recommendation.`;

// The sample is a module constant: its largest premiums are computed once, at import.
const SAMPLE_CALLS = largestPremiums(LANDING_SAMPLE.trades, 'Call');
const SAMPLE_PUTS = largestPremiums(LANDING_SAMPLE.trades, 'Put');

/** The marketing landing page (spec part 2 section 2.2); every figure comes from bundled sample data. */
export function LandingPage() {
  const { trades, byStrike, cumulative, ticker } = LANDING_SAMPLE;
  const allTickers = (
    <>
      All tickers are on the{' '}
      <Link component={RouterLink} to="/optionsflowtoppremiums">
        Top Premiums
      </Link>{' '}
      page. {SAMPLE_NOTE}
    </>
  );

  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }}>
      <LandingHero />
      <Alert severity="info" variant="outlined" sx={{ mb: 1 }} data-testid="sample-data-note">
        The tables and charts below show sample data bundled with this page, not live market data.
      </Alert>

      <RevealSection label="Options flow" testId="landing-flow">
        <Box id="sample-flow" sx={{ scrollMarginTop: 80 }} />
        <SectionHeading title="Every large trade, as it prints">
          Block and sweep orders with their fill, size against open interest and a 0 to 1 score. Click a header to sort.
        </SectionHeading>
        <Paper variant="outlined" sx={{ p: { xs: 0.5, sm: 2 } }}>
          <FlowTable trades={trades} ariaLabel="Sample options flow" />
          <Box component="p" sx={{ m: 0, mt: 1, fontSize: 12, color: 'text.secondary' }}>
            {SAMPLE_NOTE}
          </Box>
        </Paper>
      </RevealSection>

      <RevealSection label="Top premiums" testId="landing-premiums">
        <SectionHeading title="Where the money goes">
          Top call and put premiums by ticker, summed over the session.
        </SectionHeading>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          <TopPremiumsChart side="Call" entries={SAMPLE_CALLS} note={allTickers} />
          <TopPremiumsChart side="Put" entries={SAMPLE_PUTS} note={allTickers} />
        </Box>
      </RevealSection>

      <RevealSection label="Premiums by strike and cumulative stats" testId="landing-stats">
        <SectionHeading title="Read positioning at a glance">
          {ticker} premiums by strike and cumulative net, call and put premiums over {cumulative.dates.length} days.
        </SectionHeading>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          <ByStrikeChart title={`${ticker} Premiums by Strike`} data={byStrike} note={SAMPLE_NOTE} />
          <CumulativeStatsChart title={`${ticker} Cumulative Premiums`} data={cumulative} note={SAMPLE_NOTE} />
        </Box>
      </RevealSection>

      <RevealSection label="Features" testId="landing-features">
        <SectionHeading title="Built for options traders" />
        <FeatureCards />
      </RevealSection>

      <RevealSection label="Plans" testId="landing-plans">
        <SectionHeading title="Simple pricing">
          Start free; upgrade to Basic for the options flow. Cancel any time from your profile.
        </SectionHeading>
        <PlanCards />
      </RevealSection>
    </Box>
  );
}
