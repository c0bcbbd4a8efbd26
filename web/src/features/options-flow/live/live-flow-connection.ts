import type { FlowTrade } from '@tapewatch/shared/schemas/flow';

/** 'replaced': the server closed this socket for a newer one of the same user (tab limit); 'ended': logout, reset or deletion. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'closed' | 'replaced' | 'ended';

/** Spec part 2 section 9: a trade streamed while the list is loading waits this long. */
export const LOADING_DELAY_MS = 5000;
const MAX_BACKOFF_MS = 30_000;

/** 1 s, 2 s, 4 s ... capped at 30 s, with up to 20% jitter so clients do not reconnect in step. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
  return Math.round(base * (1 + 0.2 * random()));
}

export interface LiveFlowOptions {
  /**
   * The socket URL, or null when there is no session token (nothing to connect). Asked before every
   * attempt, so a reconnect can renew an expired token first (the socket may be dropped hours later).
   */
  url: () => string | null | Promise<string | null>;
  isLoading: () => boolean;
  onTrades: (trades: FlowTrade[]) => void;
  onCleared: () => void;
  /**
   * An open after a drop (not the first one): trades published while disconnected were never sent
   * to this client, so the current flow must be reloaded.
   */
  onReconnected?: () => void;
  onStatus: (status: LiveStatus) => void;
  WebSocketImpl?: new (url: string) => WebSocket;
  backoff?: (attempt: number) => number;
}

/** Trades of one frame: a frame holds one event or an array (server-side coalescing). */
export function tradesOfFrame(text: string): { trades: FlowTrade[]; cleared: boolean; closedReason?: string } {
  const parsed: unknown = JSON.parse(text);
  const events = Array.isArray(parsed) ? parsed : [parsed];
  const trades: FlowTrade[] = [];
  let cleared = false;
  let closedReason: string | undefined;
  for (const e of events) {
    if (typeof e !== 'object' || e === null) continue;
    const { event, data, reason } = e as { event?: unknown; data?: unknown; reason?: unknown };
    if (event === 'database_cleared') cleared = true;
    else if (event === 'session_closed') closedReason = typeof reason === 'string' ? reason : 'ended';
    else if (event === 'new_flow' && typeof data === 'string') {
      const trade = JSON.parse(data) as FlowTrade;
      if (typeof trade.key === 'string') trades.push(trade);
    }
  }
  return closedReason ? { trades, cleared, closedReason } : { trades, cleared };
}

export function socketUrl(
  token: string | null,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string | null {
  if (!token) return null;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * The live options-flow socket (spec part 2 sections 4 and 7.4): plain WebSocket, reconnects with
 * backoff, sends "Connection established" once open; trades arriving while loading are held 5 s.
 */
export class LiveFlowConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly delayed = new Set<ReturnType<typeof setTimeout>>();
  private stopped = false;
  /** Set by the first successful open of this start(); every later open is a reconnect. */
  private everOpened = false;
  /** Bumped by start/stop so a url still resolving for an abandoned attempt is ignored. */
  private generation = 0;

  constructor(private readonly options: LiveFlowOptions) {}

  start(): void {
    this.stopped = false;
    this.everOpened = false;
    this.attempt = 0;
    this.generation += 1;
    this.connect();
  }

  /** Leaving the page or logging out: close and forget pending trades. */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    clearTimeout(this.retryTimer);
    for (const t of this.delayed) clearTimeout(t);
    this.delayed.clear();
    const s = this.socket;
    this.socket = null;
    if (s && s.readyState <= 1) s.close(1000, 'leaving');
    this.options.onStatus('closed');
  }

  /** A synchronous url opens at once; a promised one (token renewal) opens when it settles. */
  private connect(): void {
    const generation = this.generation;
    const failed = (error: unknown) => {
      console.error('[flow] socket url', error);
      return null;
    };
    let url: string | null | Promise<string | null>;
    try {
      url = this.options.url();
    } catch (error) {
      url = failed(error);
    }
    if (typeof url === 'string' || url === null) this.open(url, generation);
    else void url.catch(failed).then((u) => this.open(u, generation));
  }

  private open(url: string | null, generation: number): void {
    if (this.stopped || generation !== this.generation) return;
    if (!url) {
      this.options.onStatus('closed');
      return;
    }
    this.options.onStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const Impl = this.options.WebSocketImpl ?? WebSocket;
    const socket = new Impl(url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      socket.send('Connection established');
      this.options.onStatus('live');
      if (this.everOpened) this.options.onReconnected?.();
      this.everOpened = true;
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.handle(event.data);
    };
    socket.onerror = () => console.error('[flow] socket connect_error');
    socket.onclose = () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      this.options.onStatus('reconnecting');
      const wait = (this.options.backoff ?? backoffMs)(this.attempt);
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.connect(), wait);
    };
  }

  private handle(text: string): void {
    let frame: ReturnType<typeof tradesOfFrame>;
    try {
      frame = tradesOfFrame(text);
    } catch (error) {
      console.error('[flow] bad frame', error);
      return;
    }
    if (frame.closedReason) {
      // Closed on purpose by the server: reconnecting would take the socket back from the newer
      // tab (or fail: the session is over), so this connection stops here.
      this.stopped = true;
      clearTimeout(this.retryTimer);
      this.socket = null;
      this.options.onStatus(frame.closedReason === 'replaced' ? 'replaced' : 'ended');
      return;
    }
    if (frame.cleared) this.options.onCleared();
    if (frame.trades.length === 0) return;
    if (!this.options.isLoading()) {
      this.options.onTrades(frame.trades);
      return;
    }
    const timer = setTimeout(() => {
      this.delayed.delete(timer);
      this.options.onTrades(frame.trades);
    }, LOADING_DELAY_MS);
    this.delayed.add(timer);
  }
}
