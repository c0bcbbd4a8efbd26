import { useEffect, useRef, useState } from 'react';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { readToken } from '../../../lib/session-token.ts';
import { onSessionEvent } from '../../../lib/session.ts';
import { LiveFlowConnection, socketUrl, type LiveFlowOptions, type LiveStatus } from './live-flow-connection.ts';

export interface UseLiveFlowOptions {
  enabled: boolean;
  /** True while the current flow is loading: streamed trades then wait 5 s. */
  loading: boolean;
  /** database_cleared: the page reloads the current flow. */
  onCleared: () => void;
  /** Tests inject a fake socket. */
  WebSocketImpl?: LiveFlowOptions['WebSocketImpl'];
  backoff?: LiveFlowOptions['backoff'];
}

export interface LiveFlow {
  /** Streamed trades, newest first (each prepend makes a new array; the old trades keep their identity). */
  streamed: readonly FlowTrade[];
  newestKey: string | null;
  status: LiveStatus;
  /** Forget streamed trades (the current flow was reloaded and already contains them). */
  reset: () => void;
}

/** One render per 250 ms at most: each render re-sorts the day's list, so 20 trades/s must not mean 20 renders/s. */
export const RENDER_WINDOW_MS = 250;

/** Leading-edge throttle: a trade after a quiet spell shows at once; a burst is flushed once per window. */
export class TradeBatcher {
  private pending: FlowTrade[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly flush: (trades: FlowTrade[]) => void, private readonly windowMs = RENDER_WINDOW_MS) {}

  push(trades: readonly FlowTrade[]): void {
    if (this.timer === undefined) {
      this.flush([...trades]);
      this.timer = setTimeout(() => this.tick(), this.windowMs);
      return;
    }
    this.pending.push(...trades);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  private tick(): void {
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flush(batch);
    this.timer = setTimeout(() => this.tick(), this.windowMs);
  }
}

/** Opens the live socket while enabled; closes it on leave, on disable and on logout. */
export function useLiveFlow({ enabled, loading, onCleared, WebSocketImpl, backoff }: UseLiveFlowOptions): LiveFlow {
  const [streamed, setStreamed] = useState<readonly FlowTrade[]>([]);
  const [status, setStatus] = useState<LiveStatus>('closed');
  const loadingRef = useRef(loading);
  const clearedRef = useRef(onCleared);
  useEffect(() => {
    loadingRef.current = loading;
    clearedRef.current = onCleared;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    const batcher = new TradeBatcher((trades) => setStreamed((prev) => [...trades.reverse(), ...prev]));
    const connection = new LiveFlowConnection({
      url: () => socketUrl(readToken()),
      isLoading: () => loadingRef.current,
      onTrades: (trades) => batcher.push(trades),
      onCleared: () => {
        setStreamed([]);
        clearedRef.current();
      },
      onStatus: setStatus,
      ...(WebSocketImpl && { WebSocketImpl }),
      ...(backoff && { backoff }),
    });
    connection.start();
    const off = onSessionEvent((event) => {
      if (event === 'logout') connection.stop();
    });
    return () => {
      off();
      connection.stop();
      batcher.cancel();
      setStreamed([]);
    };
  }, [enabled, WebSocketImpl, backoff]);

  return { streamed, newestKey: streamed[0]?.key ?? null, status, reset: () => setStreamed([]) };
}
