import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import type { MessagePort } from 'node:worker_threads';
import { patchDynaliteIteratorClose } from './dynalite-iterator-fix.ts';
import { servePort } from './dynalite-port.ts';
import { type WrittenItem, writtenItems } from './write-counters.ts';

const WRITES =
  /\.(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|CreateTable|DeleteTable|UpdateTable)$/;

/** Called with the items a write names, or null when it could touch anything (write-counters.ts). */
export type OnWrite = (items: readonly WrittenItem[] | null) => void;

/**
 * Calls `onWrite` when a write request arrives and again just before its answer leaves (its end()
 * is wrapped): a reader that saw no change of the count across its read knows no write was
 * acknowledged meanwhile (data/write-signal.ts). Requests posted by message carry their whole body,
 * so their items are named; a write over HTTP (`npm run ingest`, the bench's top-up, the backfill
 * workers) streams its body to dynalite and counts as a write to everything.
 */
function signalWrites(server: Server, onWrite: OnWrite): void {
  server.prependListener('request', (req: IncomingMessage & { portBody?: string }, res: ServerResponse) => {
    const operation = WRITES.exec(String(req.headers['x-amz-target'] ?? ''))?.[1];
    if (!operation) return;
    const items = req.portBody === undefined ? null : writtenItems(operation, req.portBody);
    onWrite(items);
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      onWrite(items);
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
export async function startDynaliteServer(dir: string, onWrite: OnWrite): Promise<DynaliteServer> {
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
