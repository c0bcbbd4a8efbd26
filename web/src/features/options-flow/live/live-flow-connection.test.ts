import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../../../components/flow/test-trades.ts';
import { asWebSocket, FakeWebSocket } from '../test/fake-websocket.ts';
import {
  backoffMs,
  LiveFlowConnection,
  LOADING_DELAY_MS,
  socketUrl,
  tradesOfFrame,
  type LiveStatus,
} from './live-flow-connection.ts';

const newFlow = (t: FlowTrade) => ({ event: 'new_flow', data: JSON.stringify(t) });

function setup(loading = false, url: () => string | null | Promise<string | null> = () => 'ws://host/ws?token=t') {
  const state = { loading, trades: [] as FlowTrade[][], cleared: 0, reconnected: 0, statuses: [] as LiveStatus[] };
  const connection = new LiveFlowConnection({
    url,
    isLoading: () => state.loading,
    onTrades: (t) => state.trades.push(t),
    onCleared: () => (state.cleared += 1),
    onReconnected: () => (state.reconnected += 1),
    onStatus: (s) => state.statuses.push(s),
    WebSocketImpl: asWebSocket,
    backoff: (attempt) => 1000 * 2 ** attempt,
  });
  connection.start();
  return { state, connection };
}

describe('live flow connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends "Connection established" once open and reports live', () => {
    const { state } = setup();
    const ws = FakeWebSocket.latest();
    expect(ws.url).toBe('ws://host/ws?token=t');
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual(['Connection established']);
    expect(state.statuses).toEqual(['connecting', 'live']);
  });

  it('a socket the server closed on purpose does not reconnect: replaced by a newer tab, or the session ended', () => {
    for (const [reason, status] of [
      ['replaced', 'replaced'],
      ['logged_out', 'ended'],
      ['password_reset', 'ended'],
    ] as const) {
      FakeWebSocket.reset();
      const { state } = setup();
      const ws = FakeWebSocket.latest();
      ws.open();
      ws.message({ event: 'session_closed', reason });
      ws.drop();
      vi.advanceTimersByTime(60_000);
      expect(FakeWebSocket.instances, reason).toHaveLength(1);
      expect(state.statuses.at(-1), reason).toBe(status);
    }
  });

  it('hands a new trade over at once when not loading, and every trade of a coalesced frame', () => {
    const { state } = setup();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.message(newFlow(trade({ key: 'a' })));
    expect(state.trades.map((b) => b.map((t) => t.key))).toEqual([['a']]);
    ws.message([newFlow(trade({ key: 'b' })), newFlow(trade({ key: 'c' }))]);
    expect(state.trades.map((b) => b.map((t) => t.key))).toEqual([['a'], ['b', 'c']]);
  });

  it('holds a trade that arrives while loading for 5 s', () => {
    const { state } = setup(true);
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.message(newFlow(trade({ key: 'late' })));
    vi.advanceTimersByTime(LOADING_DELAY_MS - 1);
    expect(state.trades).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(state.trades.map((b) => b.map((t) => t.key))).toEqual([['late']]);
  });

  it('reports database_cleared', () => {
    const { state } = setup();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.message({ event: 'database_cleared' });
    expect(state.cleared).toBe(1);
    expect(state.trades).toEqual([]);
  });

  it('reconnects with a growing backoff and resets it after a successful open', () => {
    const { state } = setup();
    FakeWebSocket.latest().drop();
    expect(state.statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual(['Connection established']);
    expect(state.statuses.at(-1)).toBe('live');
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('stop closes the socket, drops held trades and never reconnects', () => {
    const { state, connection } = setup(true);
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.message(newFlow(trade({ key: 'held' })));
    connection.stop();
    expect(ws.closedByClient).toBe(true);
    ws.onclose?.();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(state.trades).toEqual([]);
    expect(state.statuses.at(-1)).toBe('closed');
  });

  it('reports a reconnect on every open after a drop, never on the first open', () => {
    const { state, connection } = setup();
    FakeWebSocket.latest().open();
    expect(state.reconnected).toBe(0);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    // A failed attempt (closed before opening) is no reconnect yet.
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2000);
    expect(state.reconnected).toBe(0);
    FakeWebSocket.latest().open();
    expect(state.reconnected).toBe(1);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeWebSocket.latest().open();
    expect(state.reconnected).toBe(2);
    // A new start (page left and entered again) loads the flow itself: its first open is no reconnect.
    connection.stop();
    connection.start();
    FakeWebSocket.latest().open();
    expect(state.reconnected).toBe(2);
  });

  it('asks for the url before every attempt and waits for a promised one (token renewal)', async () => {
    const tokens = ['first'];
    let renew: ((url: string) => void) | undefined;
    const { state } = setup(false, () => {
      const token = tokens.shift();
      if (token) return `ws://host/ws?token=${token}`;
      return new Promise<string>((resolve) => (renew = resolve));
    });
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    // Still renewing: no socket with the old token.
    expect(FakeWebSocket.instances).toHaveLength(1);
    renew?.('ws://host/ws?token=renewed');
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(FakeWebSocket.latest().url).toBe('ws://host/ws?token=renewed');
    FakeWebSocket.latest().open();
    expect(state.statuses.at(-1)).toBe('live');
    expect(state.reconnected).toBe(1);
  });

  it('opens nothing when the url settles after stop, and closes when the session cannot be renewed', async () => {
    let settle: ((url: string | null) => void) | undefined;
    const { state, connection } = setup(false, () => new Promise((resolve) => (settle = resolve)));
    connection.stop();
    settle?.('ws://host/ws?token=late');
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeWebSocket.instances).toHaveLength(0);
    connection.start();
    settle?.(null);
    await vi.waitFor(() => expect(state.statuses.at(-1)).toBe('closed'));
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('ignores a malformed frame and keeps listening', () => {
    const { state } = setup();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.onmessage?.({ data: 'not json' });
    ws.message(newFlow(trade({ key: 'ok' })));
    expect(state.trades.flat().map((t) => t.key)).toEqual(['ok']);
  });
});

describe('frame and url helpers', () => {
  it('parses one event or an array', () => {
    expect(tradesOfFrame(JSON.stringify({ event: 'pong' }))).toEqual({ trades: [], cleared: false });
    const f = tradesOfFrame(JSON.stringify([{ event: 'database_cleared' }, newFlow(trade({ key: 'x' }))]));
    expect(f.cleared).toBe(true);
    expect(f.trades.map((t) => t.key)).toEqual(['x']);
  });

  it('builds ws or wss urls with the token and none without one', () => {
    expect(socketUrl('a.b c', { protocol: 'https:', host: 'tapewatch.app' })).toBe(
      'wss://tapewatch.app/ws?token=a.b%20c',
    );
    expect(socketUrl('t', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws?token=t');
    expect(socketUrl(null, { protocol: 'http:', host: 'x' })).toBeNull();
  });

  it('backs off 1 s, 2 s, 4 s ... up to 30 s with at most 20% jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffMs(a, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffMs(0, () => 1)).toBe(1200);
  });
});

describe('trade batcher', () => {
  it('shows a lone trade at once and flushes a burst once per window, oldest first', async () => {
    vi.useFakeTimers();
    const { TradeBatcher } = await import('./use-live-flow.ts');
    const flushed: string[][] = [];
    const b = new TradeBatcher((t) => flushed.push(t.map((x) => x.key)), 250);
    b.push([trade({ key: 'a' })]);
    expect(flushed).toEqual([['a']]);
    b.push([trade({ key: 'b' })]);
    b.push([trade({ key: 'c' }), trade({ key: 'd' })]);
    expect(flushed).toEqual([['a']]);
    vi.advanceTimersByTime(250);
    expect(flushed).toEqual([['a'], ['b', 'c', 'd']]);
    vi.advanceTimersByTime(250);
    b.push([trade({ key: 'e' })]);
    expect(flushed).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    b.cancel();
    vi.useRealTimers();
  });
});
