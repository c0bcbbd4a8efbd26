import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { getAlertState, subscribeAlert } from '../../lib/alert-store.ts';

// The app-wide alert's Dialog (~3.5 kB gzip) is not needed to paint a screen: it loads when the
// first alert opens, and is fetched a moment after start-up anyway, so an alert raised by a lost
// connection does not depend on fetching it then.
export const ALERT_DIALOG_PRELOAD_MS = 2000;

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

function loadAlertDialog(): Promise<ComponentType> {
  loading ??= import('./alert-dialog.tsx').then(
    (m) => (loaded = m.AlertDialog),
    (error: unknown) => {
      loading = null; // the next alert tries again
      throw error;
    },
  );
  return loading;
}

const isOpen = () => getAlertState().open;

/** Mounts the alert dialog (alert-dialog.tsx) from the first alert on; it stays for the close transition. */
export function AlertDialogHost() {
  const open = useSyncExternalStore(subscribeAlert, isOpen, isOpen);
  const [Dialog, setDialog] = useState<ComponentType | null>(() => loaded);

  useEffect(() => {
    if (Dialog) return undefined;
    if (open) {
      // The import may finish after this host is gone (a page torn down): no state update then.
      let mounted = true;
      loadAlertDialog().then(
        (component) => mounted && setDialog(() => component),
        (error: unknown) => console.error('[alert] the dialog could not be loaded', error),
      );
      return () => {
        mounted = false;
      };
    }
    const timer = setTimeout(() => void loadAlertDialog().catch(() => undefined), ALERT_DIALOG_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, [open, Dialog]);

  return Dialog ? <Dialog /> : null;
}
