import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BY_STRIKE_LOOKBACK, CUMULATIVE_LOOKBACK } from '@tapewatch/shared/params/flow-cumulative-top';
import { ByStrikeChart } from '../../components/flow/by-strike-chart.tsx';
import { CumulativeStatsChart } from '../../components/flow/cumulative-stats-chart.tsx';
import { QuotePanel } from '../../components/ticker/quote-panel.tsx';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { isGateError } from '../../lib/subscription-gate.ts';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useByStrike, useHistoricalPremium } from './api/cumulative-top-api.ts';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

const range = (r: { min: number; max: number }) => Array.from({ length: r.max - r.min + 1 }, (_, i) => r.min + i);

function LookbackSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  options: number[];
  onChange: (v: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 150 }}
      slotProps={{
        select: { inputProps: { 'data-testid': id }, MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
      }}
    >
      {options.map((d) => (
        <MenuItem key={d} value={d}>
          {d}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Cumulative Stats (/optionsflowcumulativestats[/:ticker], spec part 2 section 2.6). Only basic
 * subscribers stay: free users and visitors are sent to '/' (spec section 6), as is anyone the server refuses.
 */
export function CumulativeStatsPage() {
  const navigate = useNavigate();
  const ticker = useSyncGlobalTicker(useTickerParam());
  const { user, subscription } = useSession();
  const [cumLookback, setCumLookback] = useState<number>(CUMULATIVE_LOOKBACK.default);
  const [strikeLookback, setStrikeLookback] = useState<number>(BY_STRIKE_LOOKBACK.default);
  const allowed = user !== null && subscription === 'basic';
  const cum = useHistoricalPremium(ticker, cumLookback, allowed);
  const strikes = useByStrike(ticker, strikeLookback, allowed);
  const refused = (user !== null && !allowed) || isGateError(cum.error) || isGateError(strikes.error);
  useEffect(() => {
    if (refused) void navigate('/', { replace: true });
  }, [refused, navigate]);

  const notFound = [cum.error, strikes.error].find((e) => e && !isGateError(e));
  const cumSelect = (
    <LookbackSelect
      id="cumulative-lookback"
      label="Cumulative days"
      value={cumLookback}
      options={range(CUMULATIVE_LOOKBACK)}
      onChange={setCumLookback}
    />
  );
  const strikeSelect = (
    <LookbackSelect
      id="strike-lookback"
      label="By-strike days"
      value={strikeLookback}
      options={range(BY_STRIKE_LOOKBACK)}
      onChange={setStrikeLookback}
    />
  );

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Cumulative Stats
        </Typography>
        <GeneratedDataCaption datasets={['options_flow']} />
        <Typography variant="body2" color="text.secondary">
          A ticker&apos;s call, put and net option premiums added up day by day over the last trading days with flow
          (today&apos;s session counts once it has flow), with the underlying price at each day&apos;s last trade, and
          its premiums by strike. Premiums are in thousands of dollars.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TickerSearch
          onSelect={(t) => void navigate(`/optionsflowcumulativestats/${t}`)}
          label="Search ticker"
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <QuotePanel ticker={ticker} sx={{ flex: 1, minWidth: 260 }} />
      </Box>
      {notFound !== undefined && (
        <Alert severity="warning" role="status">
          {errorText(notFound, ticker)}
        </Alert>
      )}
      {cum.data && cum.data.dates.length > 0 ? (
        <CumulativeStatsChart data={cum.data} title={`Cumulative Premiums: ${cum.data.ticker}`} controls={cumSelect} />
      ) : (
        <EmptySection control={cumSelect} text={cum.data ? emptyText(cum.data.ticker, cum.data.lookback) : null} />
      )}
      {strikes.data && strikes.data.strike_price.length > 0 ? (
        <ByStrikeChart
          data={strikes.data}
          title={`Premiums by Strike: ${strikes.data.ticker}`}
          controls={strikeSelect}
        />
      ) : (
        <EmptySection
          control={strikeSelect}
          text={strikes.data ? emptyText(strikes.data.ticker, strikes.data.lookback) : null}
        />
      )}
      <LoadingOverlay open={allowed && (cum.isFetching || strikes.isFetching)} />
    </Box>
  );
}

export const emptyText = (ticker: string, days: number): string =>
  `No options flow for ${ticker} in the last ${days} days.`;

function errorText(error: unknown, ticker: string): string {
  const body = error instanceof ApiError ? error.body : null;
  return isAlertBody(body) ? body.alert_message : `Could not load the options flow of ${ticker}.`;
}

/** Keeps the lookback selector when there is nothing to draw, so another range can be tried. */
function EmptySection({ control, text }: { control: ReactNode; text: string | null }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      {control}
      {text && (
        <Alert severity="info" role="status" sx={{ flex: 1 }}>
          {text}
        </Alert>
      )}
    </Box>
  );
}
