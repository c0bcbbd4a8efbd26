import { useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { renewSession } from '../../../lib/api-client.ts';
import { isTokenExpired, readToken } from '../../../lib/session-token.ts';
import { onSessionEvent } from '../../../lib/session.ts';
import { CURRENT_FLOW_KEY, reloadCurrentFlow, type CurrentFlow } from '../api/get-current-options-flow.ts';
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

/**
 * The socket URL for a (re)connect: the access token lives an hour and API Gateway drops a socket
 * after two, so an expired token is first renewed with the api client's refresh (no URL when it
 * cannot be). A valid token connects at once.
 */
export function liveSocketUrl(nowMs = Date.now()): string | null | Promise<string | null> {
  const token = readToken();
  if (!token || !isTokenExpired(token, nowMs)) return socketUrl(token);
  return renewSession().then((renewed) => socketUrl(renewed));
}

/**
 * Prepends a flushed batch (oldest first) to the newest-first list, leaving out keys already
 * streamed or already in the loaded current flow (a fan-out overlapping a reload, a repeated frame).
 */
export function prependTrades(
  prev: readonly FlowTrade[],
  batch: readonly FlowTrade[],
  loaded: ReadonlySet<string> = new Set(),
): readonly FlowTrade[] {
  const seen = new Set(prev.map((t) => t.key));
  for (const key of loaded) seen.add(key);
  const fresh: FlowTrade[] = [];
  for (const t of batch) {
    if (seen.has(t.key)) continue;
    seen.add(t.key);
    fresh.push(t);
  }
  return fresh.length === 0 ? prev : [...fresh.reverse(), ...prev];
}

let keysOf: { data: unknown; keys: ReadonlySet<string> } | null = null;

/** Keys of the current flow held by the query cache (computed once per loaded list). */
function loadedKeys(client: QueryClient): ReadonlySet<string> {
  const data = client.getQueryData<CurrentFlow>(CURRENT_FLOW_KEY);
  if (!data) return new Set();
  if (keysOf?.data !== data) keysOf = { data, keys: new Set(data.options_flow.map((t) => t.key)) };
  return keysOf.keys;
}

/** One render per 250 ms at most: each render re-sorts the day's list, so 20 trades/s must not mean 20 renders/s. */
export const RENDER_WINDOW_MS = 250;

/** Leading-edge throttle: a trade after a quiet spell shows at once; a burst is flushed once per window. */
export class TradeBatcher {
  private pending: FlowTrade[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(
    private readonly flush: (trades: FlowTrade[]) => void,
    private readonly windowMs = RENDER_WINDOW_MS,
  ) {}

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
  const client = useQueryClient();
  const loadingRef = useRef(loading);
  const clearedRef = useRef(onCleared);
  useEffect(() => {
    loadingRef.current = loading;
    clearedRef.current = onCleared;
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let active = true;
    const batcher = new TradeBatcher((trades) =>
      setStreamed((prev) => prependTrades(prev, trades, loadedKeys(client))),
    );
    const connection = new LiveFlowConnection({
      url: () => liveSocketUrl(),
      isLoading: () => loadingRef.current,
      onTrades: (trades) => batcher.push(trades),
      onCleared: () => {
        setStreamed([]);
        clearedRef.current();
      },
      onReconnected: () => {
        // The reloaded list holds every trade up to now: streamed copies of its trades are dropped.
        void reloadCurrentFlow(client).then((keys) => {
          if (active)
            setStreamed((prev) => (prev.some((t) => keys.has(t.key)) ? prev.filter((t) => !keys.has(t.key)) : prev));
        });
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
      active = false;
      off();
      connection.stop();
      batcher.cancel();
      setStreamed([]);
    };
  }, [enabled, WebSocketImpl, backoff, client]);

  return { streamed, newestKey: streamed[0]?.key ?? null, status, reset: () => setStreamed([]) };
}
