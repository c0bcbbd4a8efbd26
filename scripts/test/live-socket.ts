import { WebSocket } from 'ws';
import { vi } from 'vitest';
import { documentClient } from '@tapewatch/functions/data/client';
import { ConnectionRepository } from '@tapewatch/functions/data/connection-repository';
import { parseFrame, type WsEvent } from '@tapewatch/shared/ws/messages';

export interface LiveSocket {
  ws: WebSocket;
  /** Every event received so far, in order. */
  events: WsEvent[];
  /** The next event not yet taken (waits for it). */
  next: () => Promise<WsEvent>;
  closed: Promise<{ code: number }>;
}

/**
 * A client of the runtime's live-flow WebSocket (`/ws?token=`). Resolves once open; rejects with
 * `status <code>` when the upgrade is refused.
 */
export function openLiveSocket(port: number, token: string | null): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`);
    const events: WsEvent[] = [];
    const queue: WsEvent[] = [];
    const waiters: Array<(e: WsEvent) => void> = [];
    const closed = new Promise<{ code: number }>((r) => ws.on('close', (code) => r({ code })));
    ws.on('message', (data) => {
      for (const e of parseFrame(data.toString())) {
        events.push(e);
        const w = waiters.shift();
        if (w) w(e);
        else queue.push(e);
      }
    });
    const next = () =>
      queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise<WsEvent>((r) => waiters.push(r));
    ws.on('open', () => resolve({ ws, events, next, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

/**
 * Waits until the stored connection records satisfy `ok` (polled every 10 ms, at most 5 s), in place
 * of sleeping for the $connect / $disconnect handlers; fails with the last listing when they never do.
 */
export async function waitForConnections(
  ok: (records: Array<{ connectionId: string; userId: string | null }>) => boolean,
): Promise<void> {
  const repo = new ConnectionRepository(documentClient());
  await vi.waitFor(
    async () => {
      const records = await repo.list();
      if (!ok(records)) throw new Error(`connection records not as expected yet: ${JSON.stringify(records)}`);
    },
    { timeout: 5_000, interval: 10 },
  );
}

/** Opens a socket and waits until its $connect has stored a new connection record of `userId` (whose id it returns). */
export async function openRegisteredSocket(
  port: number,
  token: string,
  userId: string,
): Promise<LiveSocket & { connectionId: string }> {
  const repo = new ConnectionRepository(documentClient());
  const before = new Set((await repo.list()).map((c) => c.connectionId));
  const socket = await openLiveSocket(port, token);
  const added = (records: Array<{ connectionId: string; userId: string | null }>) =>
    records.filter((c) => c.userId === userId && !before.has(c.connectionId));
  await waitForConnections((records) => added(records).length > 0);
  return { ...socket, connectionId: added(await repo.list())[0]!.connectionId };
}
