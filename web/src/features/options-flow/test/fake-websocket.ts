/**
 * A WebSocket stand-in the tests drive by hand: open(), message(), drop(). `instances` and `latest()` are the live flow
 * sockets: the shell's alerts socket (channel=alerts, opened on every page for a signed-in subscriber) goes to
 * `alertSockets`, so which of the two a screen happens to open first (it depends on what is already loaded) changes nothing.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static alertSockets: FakeWebSocket[] = [];
  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.alertSockets = [];
  }
  static latest(): FakeWebSocket {
    const s = FakeWebSocket.instances.at(-1);
    if (!s) throw new Error('no socket was opened');
    return s;
  }

  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {
    (url.includes('channel=alerts') ? FakeWebSocket.alertSockets : FakeWebSocket.instances).push(this);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }
  message(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server or network drops the connection. */
  drop(): void {
    this.readyState = 3;
    this.onerror?.();
    this.onclose?.();
  }
}

export const asWebSocket = FakeWebSocket as unknown as new (url: string) => WebSocket;
