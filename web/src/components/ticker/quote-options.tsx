import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useVolatilitySummary } from './get-volatility-summary.ts';
import { formatOrMissing, MISSING } from './quote-format.ts';
import { optionsPagesOf } from './options-pages.ts';

const percentOrMissing = (x: number | null) => (x === null ? MISSING : `${formatOrMissing(x * 100, 1)}%`);

/**
 * The quote panel's options line (issue 38): IV rank and the nearest expiration's expected move, read
 * from get_volatility_summary, with links to the ticker's option chain and volatility pages. Nothing
 * for a ticker without listed options (an index) or while the summary is not there.
 */
export function QuoteOptions({ ticker }: { ticker: string }) {
  const { data } = useVolatilitySummary(ticker);
  if (!data?.optionable) return null;
  const next = data.next_expiration;
  const pages = optionsPagesOf(data.ticker);
  return (
    <Box
      data-testid="quote-options"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, alignItems: 'baseline' }}
    >
      <Typography
        variant="body2"
        component="p"
        title={data.iv_rank === null ? undefined : 'IV rank over the last year'}
      >
        <Box component="span" sx={{ color: 'text.secondary' }}>
          IV rank{' '}
        </Box>
        <Box component="span" data-testid="quote-iv-rank" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
          {formatOrMissing(data.iv_rank, 0)}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' '}
          (IV {percentOrMissing(data.atm_iv)})
        </Box>
      </Typography>
      <Typography variant="body2" component="p" title={data.expected_move_rule}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Expected move{next ? ` to ${next.expiration}` : ''}{' '}
        </Box>
        <Box
          component="span"
          data-testid="quote-expected-move"
          sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}
        >
          {next?.expected_move == null ? MISSING : `±${formatOrMissing(next.expected_move, 2)}`}
        </Box>
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Link component={RouterLink} to={pages.chain} variant="body2">
          Option chain
        </Link>
        <Link component={RouterLink} to={pages.volatility} variant="body2">
          Volatility
        </Link>
      </Box>
    </Box>
  );
}
