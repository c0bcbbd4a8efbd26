import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRuleHistory } from '../api/alerts-api.ts';
import { CaughtTrades } from './caught-trades.tsx';

/** A rule's fired alerts of the last 90 days, each trade linking to its Ticker Overview; older pages on demand. */
export function RuleHistory({ ruleId }: { ruleId: string }) {
  const history = useRuleHistory(ruleId);
  if (!history.data) return <Typography color="text.secondary">Loading…</Typography>;
  const alerts = history.data.pages.flatMap((p) => p.alerts);
  if (alerts.length === 0) return <Typography color="text.secondary">This alert has not fired yet.</Typography>;
  return (
    <>
      <CaughtTrades trades={alerts.map((a) => a.trade)} total={alerts.length} firedAt={alerts.map((a) => a.fired_at)} />
      {history.hasNextPage && (
        <Button
          size="small"
          sx={{ mt: 1 }}
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
          data-testid="rule-history-more"
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Load older alerts'}
        </Button>
      )}
    </>
  );
}
