import { useEffect, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moreMatchedText } from '@tapewatch/shared/alerts/limits';
import type { FiredAlert } from '@tapewatch/shared/schemas/alerts';
import { Link as RouterLink } from 'react-router';
import { ContractLink } from '../../components/flow/contract-link.tsx';
import { apiGet, apiPost } from '../../lib/api-client.ts';
import { openAlertSocket } from '../../lib/alert-socket.ts';

export const ALERT_HISTORY_KEY = ['get_alert_history'] as const;
const historyOptions = queryOptions({
  queryKey: ALERT_HISTORY_KEY,
  queryFn: ({ signal }) => apiGet('get_alert_history', {}, { signal }),
  staleTime: 60_000,
});

export function alertLine(a: Pick<FiredAlert, 'trade'>): string {
  const t = a.trade;
  const premium = t.cost_basis >= 1000 ? `$${(t.cost_basis / 1000).toFixed(2)}M` : `$${t.cost_basis.toFixed(0)}K`;
  return `${t.ticker} ${t.put_call} ${t.strike_price} ${t.date_expiration} · ${premium} ${t.option_activity_type}`;
}

/** An alert's heading: its rule, or for a "N more trades matched" item (past the in-app allowance) the count. */
export function alertTitle(a: FiredAlert): string {
  return a.more === undefined ? a.rule_name : moreMatchedText(a.more, a.more_window ?? 'minute');
}

/** The toast's text: the rule and the trade, or the count of a summary and its newest trade. */
export function toastText(a: FiredAlert): string {
  return a.more === undefined ? `Alert "${a.rule_name}": ${alertLine(a)}` : `${alertTitle(a)}. Newest: ${alertLine(a)}`;
}

/**
 * The navbar bell of a subscriber: unread count, the latest alerts, mark read; and the toast of an
 * alert that arrives on the shell's socket, on whatever page is open. Loaded on demand (subscribers only).
 */
export default function AlertBell() {
  const client = useQueryClient();
  const history = useQuery(historyOptions);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [toast, setToast] = useState<FiredAlert | null>(null);
  const markRead = useMutation({
    mutationFn: () => apiPost('mark_alerts_read', {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: ALERT_HISTORY_KEY }),
  });
  useEffect(
    () =>
      openAlertSocket(
        (json) => {
          setToast(JSON.parse(json) as FiredAlert);
          void client.invalidateQueries({ queryKey: ALERT_HISTORY_KEY });
        },
        () => void client.invalidateQueries({ queryKey: ALERT_HISTORY_KEY }),
      ),
    [client],
  );
  const unread = history.data?.unread ?? 0;
  const latest = history.data?.alerts.slice(0, 8) ?? [];
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={unread > 0 ? `Alerts: ${unread} unread` : 'Alerts'}
        title="Flow alerts"
        data-testid="alert-bell"
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, width: { xs: 300, sm: 380 } }} data-testid="alert-bell-panel">
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
              Flow alerts
            </Typography>
            <Button size="small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate()}>
              Mark all read
            </Button>
          </Box>
          {latest.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No alerts yet.
            </Typography>
          )}
          {latest.map((a) => (
            <Box key={a.id} sx={{ py: 0.75, borderTop: 1, borderColor: 'divider' }} data-testid="alert-bell-item">
              <Typography variant="body2" sx={{ fontWeight: a.read ? 400 : 700 }}>
                {alertTitle(a)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {a.more === undefined ? '' : 'Newest: '}
                <ContractLink print={a.trade} onClick={() => setAnchor(null)}>
                  {alertLine(a)}
                </ContractLink>{' '}
                · {a.trade.date} {a.trade.time}
              </Typography>
            </Box>
          ))}
          <Link component={RouterLink} to="/alerts" onClick={() => setAnchor(null)} sx={{ display: 'block', mt: 1 }}>
            All alerts and rules
          </Link>
        </Box>
      </Popover>
      <Snackbar
        open={toast !== null}
        autoHideDuration={8000}
        onClose={(_, reason) => reason !== 'clickaway' && setToast(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        message={toast ? toastText(toast) : ''}
        action={
          <Button color="secondary" size="small" component={RouterLink} to="/alerts" onClick={() => setToast(null)}>
            View
          </Button>
        }
        slotProps={{ content: { 'data-testid': 'alert-toast' } as object }}
      />
    </>
  );
}
