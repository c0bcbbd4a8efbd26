import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOP_PREMIUMS_DEFAULT_LOOKBACK, TOP_PREMIUMS_LOOKBACKS } from '@tapewatch/shared/params/flow-cumulative-top';
import type { TopPremiumsRow } from '@tapewatch/shared/schemas/flow-cumulative-top';
import { formatPremium } from '../../components/flow/flow-table-logic.ts';
import { ContractLink, contractLabel } from '../../components/flow/contract-link.tsx';
import { DataTable, type ColumnDef } from '../../components/table/data-table.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { isGateError, useSubscriptionGate } from '../../lib/subscription-gate.ts';
import { useTopPremiums, type TopLookback } from './api/cumulative-top-api.ts';
import { DonutCard } from './components/donut-card.tsx';
import { formatSigned, netSlices, pieTable, putCallSlices, sideSlices } from './utils/top-premiums-view.ts';
import { TickerWithStar } from '../../components/watchlist/ticker-with-star.tsx';
import { filterByWatchlist, useWatchlistFilter } from '../../components/watchlist/use-watchlist-filter.ts';
import { WatchlistFilterChip } from '../../components/watchlist/watchlist-filter-chip.tsx';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';

export const TOP_PREMIUMS_PAGE_SIZE = 20;

// On phones the table keeps Ticker, Net (the default sort) and the largest print (the contract's link);
// Calls, Puts and Sector stay in the CSV.
const PHONE = 520;

const COLUMNS: ColumnDef<TopPremiumsRow>[] = [
  { id: 'ticker', header: 'Ticker', value: (r) => r.ticker, render: (r) => <TickerWithStar ticker={r.ticker} /> },
  {
    id: 'calls',
    header: 'Calls',
    value: (r) => r.calls,
    format: (r) => formatPremium(r.calls),
    align: 'right',
    firstDirection: 'desc',
    hideBelow: PHONE,
  },
  {
    id: 'puts',
    header: 'Puts',
    value: (r) => r.puts,
    format: (r) => formatPremium(r.puts),
    align: 'right',
    firstDirection: 'desc',
    hideBelow: PHONE,
  },
  {
    id: 'net',
    header: 'Net',
    value: (r) => r.net,
    format: (r) => formatSigned(r.net),
    align: 'right',
    firstDirection: 'desc',
  },
  {
    id: 'top_contract',
    header: 'Largest print',
    value: (r) => r.top_contract?.cost_basis ?? null,
    format: (r) =>
      r.top_contract ? `${contractLabel(r.top_contract.symbol)} ${formatPremium(r.top_contract.cost_basis)}` : '-',
    render: (r) =>
      r.top_contract ? (
        <ContractLink symbol={r.top_contract.symbol}>
          {contractLabel(r.top_contract.symbol)} {formatPremium(r.top_contract.cost_basis)}
        </ContractLink>
      ) : (
        '-'
      ),
    firstDirection: 'desc',
  },
  { id: 'sector', header: 'Sector', value: (r) => r.sector, hideBelow: PHONE },
];

/** Top Premiums (/optionsflowtoppremiums, spec part 2 section 2.7): premium inflow by ticker and sector over a lookback. */
export function TopPremiumsPage() {
  const [lookback, setLookback] = useState<TopLookback>(TOP_PREMIUMS_DEFAULT_LOOKBACK);
  const [gateError, setGateError] = useState<unknown>(null);
  const allowed = useSubscriptionGate(gateError);
  const query = useTopPremiums(lookback, allowed);
  if (isGateError(query.error) && query.error !== gateError) setGateError(query.error);
  const data = query.data;
  const watch = useWatchlistFilter();
  const byTicker = useMemo(
    () => filterByWatchlist(data?.by_ticker ?? [], watch.tickers, (r) => r.ticker),
    [data, watch.tickers],
  );
  const charts = useMemo(() => {
    if (!data) return null;
    const calls = sideSlices(data.sectors.calls);
    const puts = sideSlices(data.sectors.puts);
    const net = netSlices(data.sectors.net);
    const share = putCallSlices(data.sum);
    return [
      { title: 'Calls by Sector', slices: calls, table: pieTable(calls, 'Sector', 'Calls', 'sector-calls-data') },
      { title: 'Puts by Sector', slices: puts, table: pieTable(puts, 'Sector', 'Puts', 'sector-puts-data') },
      {
        title: 'Net by Sector',
        slices: net,
        table: pieTable(net, 'Sector', 'Net', 'sector-net-data'),
        note: 'Slices show the size of each sector\u2019s net premium; green is net call inflow, red net put inflow (a negative net).',
      },
      { title: 'Put/Call Share', slices: share, table: pieTable(share, 'Side', 'Premium', 'put-call-data') },
    ];
  }, [data]);

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h1" gutterBottom>
          Top Premiums
        </Typography>
        <GeneratedDataCaption datasets={['options_flow']} />
        <Typography variant="body2" color="text.secondary" data-testid="top-premiums-help">
          Top tickers by total premium inflow over the selected number of trading days (today&apos;s session counts as a
          day once it has flow). Premiums are in thousands of dollars; net is calls minus puts. ETFs count as financials
          but are excluded from sector statistics, except the 11 SPDR sector ETFs (XLB, XLC, XLE, XLF, XLI, XLK, XLP,
          XLRE, XLU, XLV, XLY), which count toward their own sector. Tickers without a sector show as Unclassified and
          are left out of the sector charts. Largest print is the ticker&apos;s largest trade over the days on a
          contract still listed; it opens that contract&apos;s page.
        </Typography>
      </Box>
      <TextField
        select
        size="small"
        label="Days"
        value={lookback}
        onChange={(e) => setLookback(e.target.value as TopLookback)}
        sx={{ width: 120 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'top-lookback' } } }}
      >
        {TOP_PREMIUMS_LOOKBACKS.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>
      {data && data.by_ticker.length === 0 && (
        <Alert severity="info" role="status">
          No options flow in the last {data.lookback} days.
        </Alert>
      )}
      {data?.from && (
        <Typography variant="body2" color="text.secondary" data-testid="top-premiums-range">
          {data.from === data.to ? data.from : `${data.from} to ${data.to}`}
          {/* A longer lookback than the stored history must not pass for a complete one. */}
          {data.days < data.lookback &&
            `: only ${data.days} trading days of flow are stored, so the ${data.lookback}-day total covers ${data.days}`}
        </Typography>
      )}
      {charts && data && data.by_ticker.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
          {charts.map((c) => (
            <DonutCard
              key={c.title}
              title={c.title}
              slices={c.slices}
              table={c.table}
              {...(c.note ? { note: c.note } : {})}
            />
          ))}
        </Box>
      )}
      {data && data.by_ticker.length > 0 && (
        <Box>
          <WatchlistFilterChip filter={watch} />
        </Box>
      )}
      {data && data.by_ticker.length > 0 && (
        <DataTable
          rows={byTicker}
          columns={COLUMNS}
          pageSize={TOP_PREMIUMS_PAGE_SIZE}
          getRowKey={(r) => r.ticker}
          defaultSort={{ columnId: 'net', direction: 'desc' }}
          ariaLabel="Top premiums by ticker"
          csvFileName={`top-premiums-${data.lookback}d`}
        />
      )}
      <LoadingOverlay open={allowed && query.isFetching} />
    </Box>
  );
}
