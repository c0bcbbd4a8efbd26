import { EventEmitter } from 'node:events';
import type { MessagePort } from 'node:worker_threads';

/** One DynamoDB request as the SDK built it (already signed), sent to the dynalite thread. */
export interface PortRequest {
  id: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface PortResponse {
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The dynalite side: answers requests arriving on `port` with the same request listeners as its
 * HTTP server (dynalite's handler, the write signal), on stand-ins for the request and response.
 * Nothing of dynalite changes; only the loopback socket, the HTTP parsing on both sides and the
 * client's connection pool are skipped.
 */
export function servePort(port: MessagePort, server: EventEmitter): void {
  port.on('message', (m: PortRequest) => {
    // portBody: the write signal names the items of a write from it (dynalite-server.ts).
    const req = Object.assign(new EventEmitter(), {
      method: m.method,
      url: m.path,
      headers: m.headers,
      portBody: m.body,
    });
    const headers: Record<string, string> = {};
    const res = {
      statusCode: 200,
      setHeader(name: string, value: unknown) {
        headers[name.toLowerCase()] = String(value);
      },
      getHeader: (name: string) => headers[name.toLowerCase()],
      end(body?: string | Buffer) {
        const answer: PortResponse = { id: m.id, status: res.statusCode, headers, body: body ? String(body) : '' };
        port.postMessage(answer);
      },
    };
    server.emit('request', req, res);
    if (m.body) req.emit('data', Buffer.from(m.body));
    req.emit('end');
  });
}

/**
 * The SDK's JSON body is a string or a Uint8Array (a subclass that warns when used as a string): read
 * its bytes through a plain view, which copies nothing.
 */
function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!(body instanceof Uint8Array)) return '';
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

const STOPPED = 'The local DynamoDB has stopped.';

/** What the SDK hands its request handler (the fields used here of smithy's HttpRequest). */
interface SdkRequest {
  method: string;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * The main thread's side: an SDK request handler (the `requestHandler` of DynamoDBClient) that
 * posts each signed request to the dynalite thread and resolves with its answer. Requests from
 * other processes (`npm run ingest`, the bench) still use dynalite's HTTP port.
 */
export class DynalitePortHandler {
  private next = 1;
  private stopped = false;
  private readonly waiting = new Map<number, { resolve: (r: PortResponse) => void; reject: (e: Error) => void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (r: PortResponse) => {
      const waiter = this.waiting.get(r.id);
      this.waiting.delete(r.id);
      waiter?.resolve(r);
    });
    // The port alone must not keep the process alive; requests in flight do (see handle).
    port.unref();
  }

  async handle(
    request: SdkRequest,
  ): Promise<{ response: { statusCode: number; headers: Record<string, string>; body: Uint8Array } }> {
    if (this.stopped) throw new Error(STOPPED);
    const id = this.next++;
    const body = bodyText(request.body);
    const answer = new Promise<PortResponse>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    if (this.waiting.size === 1) this.port.ref();
    this.port.postMessage({
      id,
      method: request.method,
      path: request.path,
      headers: request.headers,
      body,
    } satisfies PortRequest);
    const r = await answer;
    if (this.waiting.size === 0) this.port.unref();
    return { response: { statusCode: r.status, headers: r.headers, body: Buffer.from(r.body, 'utf8') } };
  }

  /**
   * The dynalite thread has ended: a request it will never answer fails now (instead of holding
   * its caller, and the process, forever), and so does any later one.
   */
  stop(): void {
    this.stopped = true;
    for (const { reject } of this.waiting.values()) reject(new Error(STOPPED));
    this.waiting.clear();
    this.port.unref();
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {}
}
