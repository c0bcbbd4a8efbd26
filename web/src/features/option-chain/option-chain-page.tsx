import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isAlertBody } from '@tapewatch/shared/api/alert';
import { optionChainCsv } from '@tapewatch/shared/api/csv-columns';
import { TickerSearch } from '../../components/ticker/ticker-search.tsx';
import { WatchlistStar } from '../../components/watchlist/watchlist-star.tsx';
import { downloadCsv, toCsv } from '../../components/table/csv-export.ts';
import { GeneratedDataCaption } from '../../components/ui/generated-data-caption.tsx';
import { PriceBasisNote } from '../../components/ui/price-basis-note.tsx';
import { LoadingOverlay } from '../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatNumber } from '../../lib/format.ts';
import { useSyncGlobalTicker } from '../../lib/global-ticker.tsx';
import { useTickerParam } from '../../lib/use-ticker-param.ts';
import { useOptionChain } from './api/get-option-chain.ts';
import { ChainTable } from './components/chain-table.tsx';
import { chainTableRows, expirationLabel, STRIKES_EACH_SIDE } from './utils/chain-table.ts';

function errorText(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && isAlertBody(error.body)) return error.body.alert_message;
  return 'The option chain could not be loaded. Please try again.';
}

export function OptionChainPage() {
  const navigate = useNavigate();
  const ticker = useSyncGlobalTicker(useTickerParam());
  const [picked, setPicked] = useState<{ ticker: string; expiration: string } | null>(null);
  const expiration = picked?.ticker === ticker ? picked.expiration : undefined;
  const [showGreeks, setShowGreeks] = useState(false);
  const [allStrikes, setAllStrikes] = useState(false);
  const chain = useOptionChain(ticker, expiration);
  const data = chain.data;
  const rows = useMemo(
    () => (data ? chainTableRows(data.rows, data.underlying_price, allStrikes ? null : STRIKES_EACH_SIDE) : []),
    [data, allStrikes],
  );
  const select = (t: string) => void navigate(`/optionchain/${encodeURIComponent(t)}`);
  const failed = errorText(chain.error);

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: '0.35em' }}>
          <Typography variant="h1">Option Chain{ticker ? `: ${ticker}` : ''}</Typography>
          {ticker && <WatchlistStar ticker={ticker} size="medium" />}
        </Box>
        <GeneratedDataCaption datasets={['option_chains']} />
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 900 }}>
          Calls on the left, puts on the right, strikes centred on the money; in-the-money sides are shaded. IV is the
          implied volatility of each quote&apos;s mid (Black-Scholes-Merton) and the Greeks are taken at that IV: theta
          per calendar day, vega per volatility point. Bold volume traded above its open interest; bold open interest is
          among the three largest of its side.
          {data
            ? ` ${data.ticker} ${formatNumber(data.underlying_price, 2)}, chain as of ${data.as_of} (New York).`
            : ''}
        </Typography>
        {data && <PriceBasisNote ticker={data.ticker} basis={data.price_basis} testId="chain-price-basis" />}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 240px', maxWidth: 420 }}>
          <TickerSearch label="Search ticker for its option chain" onSelect={select} />
        </Box>
        {ticker && (
          <Link component={RouterLink} to={`/volatility/${encodeURIComponent(ticker)}`}>
            {ticker} volatility, IV rank and expected move
          </Link>
        )}
      </Box>
      {failed && !data && (
        <Typography role="alert" data-testid="chain-error">
          {failed}
        </Typography>
      )}
      {data && (
        <>
          <Tabs
            value={data.expiration}
            onChange={(_, v: string) => setPicked({ ticker, expiration: v })}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label="Expirations"
            sx={{ maxWidth: '100%' }}
          >
            {data.expirations.map((e) => (
              <Tab key={e.expiration} value={e.expiration} label={expirationLabel(e.expiration, e.dte, e.monthly)} />
            ))}
          </Tabs>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <FormControlLabel
              control={<Switch checked={showGreeks} onChange={(e) => setShowGreeks(e.target.checked)} />}
              label="Greeks"
            />
            <FormControlLabel
              control={<Switch checked={allStrikes} onChange={(e) => setAllStrikes(e.target.checked)} />}
              label="All strikes"
            />
            <Button
              variant="outlined"
              size="small"
              onClick={() =>
                downloadCsv(`option-chain-${data.ticker}-${data.expiration}`, toCsv(data.rows, optionChainCsv))
              }
            >
              Export CSV
            </Button>
          </Box>
          <ChainTable rows={rows} showGreeks={showGreeks} />
        </>
      )}
      <LoadingOverlay open={chain.isFetching && !data} />
    </Box>
  );
}
