import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import { useTickerInfo, type TickerInfo } from './get-ticker-info.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useGlobalTicker } from '../../lib/global-ticker.tsx';
import { WatchlistStar } from '../watchlist/watchlist-star.tsx';
import { QuoteOptions } from './quote-options.tsx';
import {
  MISSING,
  formatAsOf,
  formatOrMissing,
  formatRange,
  formatSigned,
  trendOf,
  type Trend,
} from './quote-format.ts';

/** The schema says most fields are present, but the original API sent NaN (now null) anywhere. */
type LooseTickerInfo = { [K in keyof TickerInfo]: TickerInfo[K] | null | undefined };

export const TREND_COLOR: Record<Trend, string> = {
  positive: 'success.main',
  negative: 'error.main',
  neutral: 'text.secondary',
};

export const TREND_ICON: Record<Trend, typeof ArrowUpwardIcon> = {
  positive: ArrowUpwardIcon,
  negative: ArrowDownwardIcon,
  neutral: RemoveIcon,
};

// auto-fit + minmax: two columns on a 375 px phone, one row of six spread over a desktop panel.
const statsGridSx: SxProps<Theme> = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  columnGap: 2,
  rowGap: 1.5,
  m: 0,
};

const panelSx: SxProps<Theme> = { p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 };

export interface QuotePanelProps {
  /** Defaults to the global ticker. */
  ticker?: string;
  sx?: SxProps<Theme>;
}

/**
 * Quote for one ticker (spec 2.13): price, today's change, sector, volumes and ranges; and (issue 38)
 * its IV rank and next expected move, with links to its option chain and volatility pages.
 */
export function QuotePanel({ ticker: tickerProp, sx }: QuotePanelProps) {
  const [globalTicker] = useGlobalTicker();
  const ticker = (tickerProp ?? globalTicker).trim().toUpperCase();
  const { data, error, isPending } = useTickerInfo(ticker);
  const rootSx = [panelSx, ...(Array.isArray(sx) ? sx : [sx])];

  if (error) {
    // The API client already raised the alert dialog; the panel only says why it is empty.
    const unknown = error instanceof ApiError && error.status === 404;
    return (
      <Paper variant="outlined" component="section" aria-label={`Quote for ${ticker}`} sx={rootSx} data-state="error">
        <Typography role="status" color="text.secondary">
          {unknown ? `Unknown ticker ${ticker}` : `Quote for ${ticker} is unavailable`}
        </Typography>
      </Paper>
    );
  }
  if (isPending || !data) {
    return (
      <Paper
        variant="outlined"
        component="section"
        aria-label={`Quote for ${ticker}`}
        aria-busy="true"
        sx={rootSx}
        data-state="loading"
      >
        <QuoteSkeleton />
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-label={`Quote for ${ticker}`} sx={rootSx} data-state="ready">
      <QuoteBody info={data} />
    </Paper>
  );
}

function QuoteBody({ info }: { info: LooseTickerInfo }) {
  const trend = trendOf(info.todaysChange, info.todaysChangePerc);
  const TrendIcon = TREND_ICON[trend];
  const percent = formatSigned(info.todaysChangePerc, 2, '%');
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {info.company || info.ticker || MISSING}
            </Typography>
            {info.ticker && <WatchlistStar ticker={info.ticker} />}
          </Box>
          <Typography variant="body2" color="text.secondary">
            <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }} data-testid="quote-ticker">
              {info.ticker ?? MISSING}
            </Box>
            {' · As of '}
            <time dateTime={info.as_of ?? undefined}>{formatAsOf(info.as_of)}</time>
          </Typography>
        </Box>
        <Box sx={{ textAlign: { xs: 'left', sm: 'right' } }}>
          <Typography
            component="p"
            data-testid="quote-price"
            sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatOrMissing(info.c, 2)}
          </Typography>
          <Typography
            component="p"
            data-testid="quote-change"
            data-trend={trend}
            className={`quote-change--${trend}`}
            sx={{ color: TREND_COLOR[trend], display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}
          >
            <TrendIcon fontSize="small" aria-hidden />
            <span>
              {formatSigned(info.todaysChange, 2)}
              {percent === MISSING ? '' : ` (${percent})`}
            </span>
          </Typography>
          {info.close_basis === 'dividend_adjusted' && (
            // The bundled ETF history has no unadjusted close, so the price is below the one printed that day.
            <Typography component="p" variant="caption" color="text.secondary" data-testid="quote-basis">
              Dividend-adjusted close
            </Typography>
          )}
        </Box>
      </Box>
      <Box component="dl" sx={statsGridSx}>
        <Stat label="Sector">{info.sector || MISSING}</Stat>
        <Stat label="Industry">{info.industry || MISSING}</Stat>
        <Stat label="Volume">{formatOrMissing(info.v, 0)}</Stat>
        <Stat label="Avg. volume">{formatOrMissing(info.avg_volume, 0)}</Stat>
        <Stat label="Day's range">{formatRange(info.l, info.h)}</Stat>
        <Stat label="52-week range">{formatRange(info['52_week_low'], info['52_week_high'])}</Stat>
      </Box>
      {/* Asked for once the quote is in: an unknown ticker is refused once, by get_ticker_info. */}
      {info.ticker && <QuoteOptions ticker={info.ticker} />}
    </>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        data-label={label}
        sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function QuoteSkeleton() {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
        <Box>
          <Skeleton variant="text" width={200} sx={{ fontSize: '1.25rem' }} />
          <Skeleton variant="text" width={140} />
        </Box>
        <Box>
          <Skeleton variant="text" width={110} sx={{ fontSize: '1.75rem' }} />
          <Skeleton variant="text" width={130} />
        </Box>
      </Box>
      <Box sx={statsGridSx}>
        {Array.from({ length: 6 }, (_, i) => (
          <Box key={i}>
            <Skeleton variant="text" width="50%" />
            <Skeleton variant="text" width="80%" />
          </Box>
        ))}
      </Box>
    </>
  );
}
