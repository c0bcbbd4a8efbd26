import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { ChartCard } from '../../components/charts/chart-card.tsx';
import { TimeSeriesChart } from '../../components/charts/time-series-chart.tsx';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';
import { PriceBasisNote } from '../../components/ui/price-basis-note.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isGateError, useSubscriptionGate } from '../../lib/subscription-gate.ts';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useOptionContract, type OptionContractData } from './api/get-option-contract.ts';
import { ContractStats } from './components/contract-stats.tsx';
import { PrintsTable } from './components/prints-table.tsx';
import { contractDays, contractTitle, formatMoney, historyTable, midSeries } from './utils/contract-view.ts';

function errorText(error: unknown): string | undefined {
  if (!error || isGateError(error)) return undefined;
  if (error instanceof ApiError && isAlertBody(error.body)) return error.body.alert_message;
  return 'The contract could not be loaded. Please try again.';
}

function Contract({ data }: { data: OptionContractData }) {
  const days = useMemo(() => contractDays(data), [data]);
  const chart = useMemo(() => midSeries(days), [days]);
  const table = useMemo(() => historyTable(days), [days]);
  const ticker = encodeURIComponent(data.ticker);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Link component={RouterLink} to={`/optionchain/${ticker}`}>
          {data.ticker} option chain
        </Link>
        <Link component={RouterLink} to={`/optionsflow-ticker-overview?ticker=${ticker}`}>
          {data.ticker} flow overview
        </Link>
      </Box>
      <ContractStats data={data} />
      {data.history === null && (
        <Alert severity="info" role="status" data-testid="contract-history-note">
          {data.history_note}
        </Alert>
      )}
      <ChartCard
        title={`Mid, ${days[0]!.date} to ${days.at(-1)!.date}`}
        table={table}
        height={320}
        mobileHeight={260}
        note="Each session's mid at the close; the table adds volume, open interest, IV and delta of that session's chain."
      >
        {({ width, height, isMobile }) => (
          <TimeSeriesChart
            dates={chart.dates}
            series={chart.series}
            width={width}
            height={height}
            compact={isMobile}
            formatValue={formatMoney}
            formatTick={formatMoney}
          />
        )}
      </ChartCard>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          Prints since {data.from}
        </Typography>
        {data.prints.length === 0 ? (
          <Typography color="text.secondary" data-testid="contract-no-prints">
            No prints of this contract in the options flow since {data.from}.
          </Typography>
        ) : (
          <PrintsTable prints={data.prints} symbol={data.symbol} />
        )}
      </Box>
    </>
  );
}

/** One option contract (/contract/:symbol, issue 39): today's quote, its daily history, its prints and their P&L. */
export function ContractPage() {
  const symbol = useTickerParam('symbol')?.replace(/\s+/g, '') ?? '';
  const [gateError, setGateError] = useState<unknown>(null);
  const allowed = useSubscriptionGate(gateError);
  const query = useOptionContract(symbol, allowed);
  if (isGateError(query.error) && query.error !== gateError) setGateError(query.error);
  const data = query.data;
  const failed = errorText(query.error);

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: '0.35em', overflowWrap: 'anywhere' }}>
          {data ? contractTitle(data) : 'Option contract'}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="contract-symbol">
          {symbol}
          {data ? `, quote as of ${data.as_of} (New York)` : ''}
        </Typography>
        <GeneratedDataCaption datasets={['options_flow', 'option_chains']} />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          Today&apos;s figures are the contract&apos;s row of its option chain: IV is the implied volatility of the mid
          and delta is taken at that IV. Each print&apos;s P&amp;L is what it made since, marked at today&apos;s mid:
          (mid − price) × size × 100, positive for a buyer when the price rose and for a seller when it fell. A print at
          or above the ask was bought, at or below the bid sold; a print between the two (a mid print) has no known
          side, so it gets no P&amp;L and counts in no total.
        </Typography>
        {data && <PriceBasisNote ticker={data.ticker} basis={data.price_basis} testId="contract-price-basis" />}
      </Box>
      {failed && !data && (
        <Typography role="alert" data-testid="contract-error">
          {failed}
        </Typography>
      )}
      {data && <Contract data={data} />}
      <LoadingOverlay open={allowed && query.isFetching && !data} />
    </Box>
  );
}
