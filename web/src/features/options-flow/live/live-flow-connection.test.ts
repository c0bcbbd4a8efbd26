import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowTrade } from '@tapewatch/shared/schemas/flow';
import { trade } from '../../../components/flow/test-trades.ts';
import { asWebSocket, FakeWebSocket } from '../test/fake-websocket.ts';
import { backoffMs, LiveFlowConnection, LOADING_DELAY_MS, socketUrl, tradesOfFrame, type LiveStatus } from './live-flow-connection.ts';

const newFlow = (t: FlowTrade) => ({ event: 'new_flow', data: JSON.stringify(t) });

function setup(loading = false) {
  const state = { loading, trades: [] as FlowTrade[][], cleared: 0, statuses: [] as LiveStatus[] };
  const connection = new LiveFlowConnection({
    url: () => 'ws://host/ws?token=t',
    isLoading: () => state.loading,
    onTrades: (t) => state.trades.push(t),
    onCleared: () => (state.cleared += 1),
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
    expect(socketUrl('a.b c', { protocol: 'https:', host: 'tapewatch.app' })).toBe('wss://tapewatch.app/ws?token=a.b%20c');
    expect(socketUrl('t', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws?token=t');
    expect(socketUrl(null, { protocol: 'http:', host: 'x' })).toBeNull();
  });

  it('backs off 1 s, 2 s, 4 s ... up to 30 s with at most 20% jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((a) => backoffMs(a, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
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
