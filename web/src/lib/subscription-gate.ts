import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onAlertEvent, showAlert } from './alert-store.ts';
import { ApiError } from './api-client.ts';
import { useSession } from './session.ts';

export const GATE_MESSAGE = 'You need to subscribe to access this page.';
export const MORE_INFO_DELAY_MS = 30;

export function isGateError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Gated options-flow pages (spec part 2 section 4): data loads only for basic subscribers; anyone
 * else, or a refused call, gets the alert whose "More info" action opens /subscriptioncards.
 * Returns whether the page may load its data.
 */
export function useSubscriptionGate(error: unknown): boolean {
  const { user, subscription } = useSession();
  const navigate = useNavigate();
  const known = user !== null;
  const allowed = known && subscription === 'basic';
  const refused = (known && !allowed) || isGateError(error);

  useEffect(() => {
    if (!refused) return undefined;
    const body = error instanceof ApiError ? (error.body as { alert_message?: unknown } | null) : null;
    const message = typeof body?.alert_message === 'string' ? body.alert_message : GATE_MESSAGE;
    showAlert({ message, actionText: 'More info' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onAlertEvent((event) => {
      if (event.type === 'action' && event.message === message)
        timer = setTimeout(() => navigate('/subscriptioncards'), MORE_INFO_DELAY_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [refused, error, navigate]);

  return allowed;
}
