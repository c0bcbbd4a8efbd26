import Typography from '@mui/material/Typography';
import { adjustedStrikesNote } from '@tapewatch/shared/demo/generated-datasets';
import type { CloseBasis } from '@tapewatch/shared/schemas/tickers';

/** The note a chain-derived screen shows when its strikes sit on a dividend-adjusted price (issue 37 item 4). */
export function PriceBasisNote({ ticker, basis, testId }: { ticker: string; basis?: CloseBasis; testId: string }) {
  if (basis !== 'dividend_adjusted') return null;
  return (
    <Typography
      variant="caption"
      component="p"
      color="text.secondary"
      data-testid={testId}
      sx={{ maxWidth: 900, mt: 0.5 }}
    >
      {adjustedStrikesNote(ticker)}
    </Typography>
  );
}
