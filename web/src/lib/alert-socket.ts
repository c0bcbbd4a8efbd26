import { readToken } from './session-token.ts';

/** What the shell's alerts socket reports: one fired alert (the JSON text of a FiredAlert). */
export type AlertListener = (alertJson: string) => void;

const RETRY_MS = [1000, 3000, 10_000, 30_000];

/**
 * The app shell's socket on every page while a subscriber is signed in (`channel=alerts`: their
 * alerts and session events, no trade stream). Reconnects with backoff; stops for good when the
 * server ends the session on purpose. Returns the stop function.
 */
export function openAlertSocket(
  onAlert: AlertListener,
  onOpen: () => void = () => {},
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const connect = () => {
    const token = readToken();
    if (stopped || !token) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}&channel=alerts`);
    socket.onopen = () => {
      attempt = 0;
      // Alerts fired while no socket was open (or just opening) are in the history: read it again.
      onOpen();
    };
    socket.onmessage = (msg) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      for (const e of Array.isArray(frame) ? frame : [frame]) {
        const { event, data } = (e ?? {}) as { event?: unknown; data?: unknown };
        if (event === 'alert' && typeof data === 'string') onAlert(data);
        if (event === 'session_closed') stopped = true;
      }
    };
    socket.onclose = () => {
      socket = null;
      if (stopped) return;
      timer = setTimeout(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      attempt += 1;
    };
  };
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
