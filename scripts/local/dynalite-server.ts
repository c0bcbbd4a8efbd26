import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import type { MessagePort } from 'node:worker_threads';
import { patchDynaliteIteratorClose } from './dynalite-iterator-fix.ts';
import { servePort } from './dynalite-port.ts';

const WRITES =
  /\.(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|CreateTable|DeleteTable|UpdateTable)$/;

/**
 * Calls `onWrite` when a write request arrives and again just before its answer leaves (its end()
 * is wrapped): a reader that saw no change of the count across its read knows no write was
 * acknowledged meanwhile (data/write-signal.ts). Writers in other processes (`npm run ingest`, the
 * bench's top-up) go through this server too.
 */
function signalWrites(server: Server, onWrite: () => void): void {
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!WRITES.test(String(req.headers['x-amz-target'] ?? ''))) return;
    onWrite();
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      onWrite();
      return end(...args);
    }) as typeof res.end;
  });
}

export interface DynaliteServer {
  port: number;
  /** Also answers requests posted on `requests` (dynalite-port.ts), from the main thread. */
  serve(requests: MessagePort): void;
  close(): Promise<void>;
}

/** dynalite on a free loopback port in this thread, persisted under `dir` (LevelDB). */
export async function startDynaliteServer(dir: string, onWrite: () => void): Promise<DynaliteServer> {
  mkdirSync(dir, { recursive: true });
  patchDynaliteIteratorClose();
  const server = dynalite({ path: dir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  signalWrites(server, onWrite);
  return {
    port: (server.address() as AddressInfo).port,
    serve: (requests) => servePort(requests, server),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
