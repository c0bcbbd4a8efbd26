import { ALERT_RESET_DELAY_MS } from '@tapewatch/shared/constants';

/**
 * The alert dialog's state lives outside React so that non-React code (the API client) can
 * raise alerts. The dialog subscribes with useSyncExternalStore.
 */
export interface AlertState {
  open: boolean;
  message: string;
  /** Text of an optional action link (e.g. "More info"); empty means no action. */
  actionText: string;
  showCancel: boolean;
  buttonLabel: string;
  /** Extra panel under the message (the API's alert_content). */
  content: string;
}

export type AlertEventType = 'close' | 'cancel' | 'action';
export interface AlertEvent {
  type: AlertEventType;
  message: string;
}

export type AlertRequest = Partial<Omit<AlertState, 'open'>> & { message: string };

export const DEFAULT_ALERT: AlertState = Object.freeze({
  open: false,
  message: '',
  actionText: '',
  showCancel: false,
  buttonLabel: 'Close',
  content: '',
});

let state: AlertState = DEFAULT_ALERT;
let resetTimer: ReturnType<typeof setTimeout> | undefined;
const stateListeners = new Set<() => void>();
const eventListeners = new Set<(event: AlertEvent) => void>();

function setState(next: AlertState): void {
  state = next;
  for (const listener of stateListeners) listener();
}

export function getAlertState(): AlertState {
  return state;
}

export function subscribeAlert(listener: () => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** Listen to close / cancel / action; returns the unsubscribe function. */
export function onAlertEvent(listener: (event: AlertEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function showAlert(request: AlertRequest): void {
  clearTimeout(resetTimer);
  setState({ ...DEFAULT_ALERT, ...stripUndefined(request), open: true });
}

/** Hides the dialog, emits the event, and resets the contents once the closing transition is done. */
export function dismissAlert(type: AlertEventType): void {
  const { message } = state;
  setState({ ...state, open: false });
  for (const listener of eventListeners) listener({ type, message });
  clearTimeout(resetTimer);
  resetTimer = setTimeout(() => setState(DEFAULT_ALERT), ALERT_RESET_DELAY_MS);
}

/** Back to no alert, at once (tests: one test's alert must not cover the next test's screen). */
export function resetAlert(): void {
  clearTimeout(resetTimer);
  setState(DEFAULT_ALERT);
}

function stripUndefined(request: AlertRequest): AlertRequest {
  return Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined)) as AlertRequest;
}
