import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { usePushConfig, useSubscribePush, useUnsubscribePush } from '../api/alerts-api.ts';
import { realBrowserPush, type BrowserPush } from '../utils/browser-push.ts';

/**
 * "Browser notifications": fired alerts as system notifications on this browser (Web Push). Shown
 * only when the server has push keys and the browser can take pushes; the server stores the
 * subscription, and the service worker shows each alert and opens its Ticker Overview on click.
 */
export function BrowserNotifications({ enabled, push = realBrowserPush }: { enabled: boolean; push?: BrowserPush }) {
  const config = usePushConfig(enabled);
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const supported = push.supported();
  const [on, setOn] = useState<boolean | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const publicKey = config.data?.enabled ? config.data.public_key : null;

  useEffect(() => {
    if (!publicKey || !supported) return;
    let live = true;
    push.current().then(
      (sub) => live && setOn(sub !== null),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [publicKey, supported, push]);

  if (!publicKey || !supported) return null;

  const toggle = async (want: boolean) => {
    setMessage(null);
    try {
      if (want) {
        const result = await push.subscribe(publicKey);
        if (!result.ok) {
          setMessage('Notifications are blocked for this site: allow them in the browser settings, then try again.');
          return;
        }
        await subscribe.mutateAsync(result.subscription);
        setOn(true);
      } else {
        const endpoint = await push.unsubscribe();
        if (endpoint) await unsubscribe.mutateAsync(endpoint);
        setOn(false);
      }
    } catch (err) {
      setMessage(err instanceof Error ? err.message : 'Browser notifications could not be changed.');
    }
  };

  return (
    <Box data-testid="browser-notifications">
      <FormControlLabel
        control={
          <Switch
            checked={on === true}
            disabled={on === null || subscribe.isPending || unsubscribe.isPending}
            onChange={(e) => void toggle(e.target.checked)}
          />
        }
        label="Browser notifications"
      />
      <Typography variant="body2" color="text.secondary" component="span">
        Alerts also appear as notifications of this browser, even when Tapewatch is closed.
      </Typography>
      {message && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {message}
        </Alert>
      )}
    </Box>
  );
}
