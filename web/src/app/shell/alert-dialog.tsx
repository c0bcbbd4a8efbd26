import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import { dismissAlert, getAlertState, subscribeAlert } from '../../lib/alert-store.ts';

/** The one app-wide alert (spec part 1 section 4); anything can raise it through the alert store. */
export function AlertDialog() {
  const alert = useSyncExternalStore(subscribeAlert, getAlertState, getAlertState);
  return (
    <Dialog
      open={alert.open}
      // Escape or a click outside a confirmation means "no": it must never trigger the confirm button.
      onClose={() => dismissAlert(alert.showCancel ? 'cancel' : 'close')}
      // The message is the dialog's name too: it has no title, and a dialog without a name is
      // announced as just "dialog" (axe: aria-dialog-name).
      aria-labelledby="alert-dialog-message"
      aria-describedby="alert-dialog-message"
      maxWidth="sm"
      fullWidth
    >
      <DialogContent>
        <DialogContentText id="alert-dialog-message" sx={{ color: 'text.primary', whiteSpace: 'pre-line' }}>
          {alert.message}
        </DialogContentText>
        {alert.actionText && (
          <Link component="button" type="button" variant="body1" onClick={() => dismissAlert('action')} sx={{ mt: 1 }}>
            {alert.actionText}
          </Link>
        )}
        {alert.content && (
          <Box
            data-testid="alert-content"
            sx={{
              mt: 2,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              whiteSpace: 'pre-line',
              typography: 'body2',
            }}
          >
            {alert.content}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {alert.showCancel && <Button onClick={() => dismissAlert('cancel')}>Cancel</Button>}
        <Button variant="contained" onClick={() => dismissAlert('close')} autoFocus>
          {alert.buttonLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
