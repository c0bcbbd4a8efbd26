import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ALERT_LIMITS } from '@tapewatch/shared/alerts/limits';
import { useSearchParams } from 'react-router';
import { emptyFilter, entriesFromFilters } from '../../components/flow/filter-entries.ts';
import { PageHelp } from '../../components/ui/page-help.tsx';
import { useWatchlists } from '../../components/watchlist/watchlist-api.ts';
import { useSession } from '../../lib/session.ts';
import {
  useAlertRules,
  useCreateRule,
  useDeleteRule,
  useRuleStatus,
  useUpdateRule,
  type AlertRule,
  type AlertRuleDraft,
} from './api/alerts-api.ts';
import { useFlowUnavailable } from './api/flow-source.ts';
import { BrowserNotifications } from './components/browser-notifications.tsx';
import { RuleEditor } from './components/rule-editor.tsx';
import { RuleList } from './components/rule-list.tsx';
import { filtersFromParam } from './utils/rule-summary.ts';

type Editing =
  | { mode: 'new'; name: string; filters: ReturnType<typeof entriesFromFilters>; watchlistId: string | null }
  | { mode: 'edit'; rule: AlertRule };

/** Saved Options Flow filters that notify (issue 25): list, create/edit with backtest, history. */
export function AlertsPage() {
  const session = useSession();
  const subscriber = session.loggedIn && session.subscription.toLowerCase() === 'basic';
  const rules = useAlertRules(session.loggedIn);
  const { lists } = useWatchlists();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing | null>(null);
  const create = useCreateRule();
  const update = useUpdateRule();
  const status = useRuleStatus();
  const remove = useDeleteRule();
  const noFlow = useFlowUnavailable(subscriber);

  // "Alert me on this filter" on the Options Flow page lands here with its filters in the URL.
  useEffect(() => {
    const prefill = filtersFromParam(params.get('filters'));
    if (!prefill) return;
    setEditing({ mode: 'new', name: '', filters: entriesFromFilters(prefill), watchlistId: params.get('watchlist') });
    setParams({}, { replace: true });
  }, [params, setParams]);

  const watchlistName = (id: string | null) => (id ? (lists.find((l) => l.id === id)?.name ?? 'deleted list') : null);
  const save = (draft: AlertRuleDraft) => {
    const done = { onSuccess: () => setEditing(null) };
    if (editing?.mode === 'edit') update.mutate({ id: editing.rule.id, rule: draft }, done);
    else create.mutate(draft, done);
  };
  const data = rules.data;
  const active = data?.rules.filter((r) => r.status === 'active').length ?? 0;

  return (
    <Box component="article" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h1">Flow Alerts</Typography>
        <Typography variant="subtitle1" component="p" color="text.secondary">
          Options Flow filters that notify you, with what they would have caught
        </Typography>
        <PageHelp testId="alerts-help">
          <Box component="div" sx={{ '& p': { my: 0.5 } }}>
            <p>
              An alert is a set of Options Flow filters. Every live trade that meets all of them fires it: you get a
              notice in the app (the bell, and a message on whatever page is open) and an email — at most one per alert
              every 5 minutes; what fires in between comes together in the next email, and an alert without filters only
              sends such digests. Up to {ALERT_LIMITS.activeRules} alerts can be active; fired alerts are kept{' '}
              {ALERT_LIMITS.historyDays} days. Each email has a link that pauses its alert with one click. Where the
              server offers it, &quot;Browser notifications&quot; also shows each alert as a notification of this
              browser; clicking it opens the ticker&apos;s overview.
            </p>
            <p>
              The backtest runs the alert, exactly as the live matcher would, over the stored flow history (one year in
              the demo). Fires per day is how often it would have gone off. For the trades it caught, the table shows
              the underlying stock&apos;s move from the close of the trade&apos;s day to the close 1 and 5 trading days
              later: the median move (half the trades did better, half worse) and the share of trades after which the
              stock was up. The baseline is the same measure over every trade of the same tickers on every day: an alert
              is only telling you something when its numbers differ from the baseline. Trades too recent to have a close
              that far ahead are left out. Past moves do not predict future ones.
            </p>
          </Box>
        </PageHelp>
      </Box>
      {!session.loggedIn && <Alert severity="info">Log in with a basic plan to create flow alerts.</Alert>}
      {data?.plan_message && (
        <Alert severity="warning" data-testid="plan-message">
          {data.plan_message}
        </Alert>
      )}
      {session.loggedIn && !subscriber && !data?.plan_message && (
        <Alert severity="info">Flow alerts are part of the basic plan. Subscribe to create them.</Alert>
      )}
      {noFlow && (
        <Alert severity="warning" data-testid="no-flow-provider">
          {noFlow} Until then no alert fires: there is no live flow to match.
        </Alert>
      )}
      {subscriber && !editing && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            onClick={() => setEditing({ mode: 'new', name: '', filters: [emptyFilter(1)], watchlistId: null })}
            data-testid="new-rule"
          >
            New alert
          </Button>
          <Typography variant="body2" color="text.secondary">
            {active} of {ALERT_LIMITS.activeRules} active
          </Typography>
        </Box>
      )}
      {subscriber && <BrowserNotifications enabled={subscriber} />}
      {subscriber && editing && (
        <RuleEditor
          key={editing.mode === 'edit' ? editing.rule.id : 'new'}
          title={editing.mode === 'edit' ? `Edit "${editing.rule.name}"` : 'New alert'}
          initial={
            editing.mode === 'edit'
              ? {
                  name: editing.rule.name,
                  filters: entriesFromFilters(editing.rule.filters),
                  watchlistId: editing.rule.watchlist_id,
                }
              : { name: editing.name, filters: editing.filters, watchlistId: editing.watchlistId }
          }
          saving={create.isPending || update.isPending}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {data && (
        <RuleList
          rules={data.rules}
          canCreate={subscriber}
          watchlistName={watchlistName}
          busy={status.isPending || remove.isPending || !subscriber}
          onEdit={(rule) => subscriber && setEditing({ mode: 'edit', rule })}
          onStatus={(rule, s) => status.mutate({ id: rule.id, status: s })}
          onDelete={(rule) => remove.mutate(rule.id)}
        />
      )}
    </Box>
  );
}
