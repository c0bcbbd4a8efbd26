import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { WebSocket, WebSocketServer } from 'ws';
import { registerLocalDelivery } from '@tapewatch/functions/platform/realtime';
import { MAX_CLIENT_MESSAGE_BYTES } from '@tapewatch/shared/ws/messages';
import { readBody } from './lambda-event.ts';
import { loadHandler } from './api-router.ts';
import { parseRequestTarget } from './request-guard.ts';

type WsHandler = (event: APIGatewayProxyWebsocketEventV2) => Promise<APIGatewayProxyResultV2>;

/** API Gateway connection ids look like "L0SM9cOFvHcCIhw="; any unique opaque string works. */
const newConnectionId = (): string => randomBytes(10).toString('base64');

/** Unsent bytes a socket may hold before the fan-out cuts it off (some thousands of trades). */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

function wsEvent(
  routeKey: '$connect' | '$disconnect' | '$default',
  connectionId: string,
  req: IncomingMessage,
  body?: string,
): APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string>;
  headers?: Record<string, string>;
} {
  const url = new URL(req.url ?? '/ws', 'http://localhost');
  const eventType = routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
  const now = Date.now();
  return {
    ...(routeKey === '$connect'
      ? { queryStringParameters: Object.fromEntries(url.searchParams), headers: req.headers as Record<string, string> }
      : {}),
    requestContext: {
      routeKey,
      eventType,
      connectionId,
      domainName: req.headers.host ?? 'localhost',
      stage: 'local',
      apiId: 'local',
      requestId: randomBytes(8).toString('hex'),
      requestTimeEpoch: now,
      connectedAt: now,
      messageDirection: 'IN',
      extendedRequestId: '',
      messageId: randomBytes(8).toString('hex'),
    } as APIGatewayProxyWebsocketEventV2['requestContext'],
    body,
    isBase64Encoded: false,
  };
}

const statusOf = (r: APIGatewayProxyResultV2): number =>
  typeof r === 'object' && r !== null ? (r.statusCode ?? 200) : 200;

/**
 * The local stand-in for the API Gateway WebSocket API: /ws calls the same $connect,
 * $disconnect and $default handlers, and /@connections/{id} is the Management API that the
 * fan-out code's ApiGatewayManagementApiClient talks to.
 */
export function attachWebSocket(server: Server): {
  handleManagement: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
  close: () => void;
} {
  // As on AWS the $default handler closes a socket that sends more than a control frame; here ws
  // refuses such a frame before buffering it (close code 1009).
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  const sockets = new Map<string, { ws: WebSocket; connectedAt: number; lastActiveAt: number; sourceIp: string }>();
  let closing = false;
  const invoke = (route: 'ws/default' | 'ws/disconnect', event: APIGatewayProxyWebsocketEventV2): void => {
    // On shutdown the database closes first; records left behind expire or are dropped on the next fan-out.
    if (closing) return;
    void loadHandler<WsHandler>(route)
      .then((h) => h(event))
      .catch((err: unknown) => process.stderr.write(`  ${route} failed: ${String(err)}\n`));
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A throw here would escape the listener and end the process (issue 18 item 9).
    const url = parseRequestTarget(req.url);
    if (!url) return void socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
    if (url.pathname !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    const connectionId = newConnectionId();
    void (async () => {
      const connect = await loadHandler<WsHandler>('ws/connect');
      const result = await connect(wsEvent('$connect', connectionId, req)).catch(() => ({ statusCode: 500 }));
      const status = statusOf(result);
      if (status < 200 || status >= 300) {
        // API Gateway refuses the handshake with the handler's status.
        socket.end(`HTTP/1.1 ${status} Connection refused\r\nContent-Length: 0\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const now = Date.now();
        sockets.set(connectionId, {
          ws,
          connectedAt: now,
          lastActiveAt: now,
          sourceIp: req.socket.remoteAddress ?? '',
        });
        ws.on('message', (data) => {
          const entry = sockets.get(connectionId);
          if (entry) entry.lastActiveAt = Date.now();
          invoke('ws/default', wsEvent('$default', connectionId, req, data.toString()));
        });
        // A protocol error (e.g. a frame over maxPayload) closes this socket; unhandled, it would crash the process.
        ws.on('error', () => ws.terminate());
        ws.on('close', () => {
          sockets.delete(connectionId);
          invoke('ws/disconnect', wsEvent('$disconnect', connectionId, req));
        });
      });
    })();
  });

  // The fan-out in this process delivers straight to the sockets (see registerLocalDelivery);
  // /@connections below stays for anything that goes through the Management API client.
  // A frame goes to every socket: encoded to bytes once, not once per socket.
  let encoded: { data: string; bytes: Buffer } | null = null;
  const unregisterDelivery = registerLocalDelivery((id, data) => {
    const entry = sockets.get(id);
    if (!entry || entry.ws.readyState !== WebSocket.OPEN) return false;
    // A client that stopped reading would hold ever more of the feed in this process's memory: it
    // is cut off (and, like a closed tab, dropped from the fan-out); its page reconnects and
    // fetches what it missed with the `since` cursor.
    if (entry.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      entry.ws.terminate();
      return false;
    }
    if (encoded?.data !== data) encoded = { data, bytes: Buffer.from(data) };
    entry.ws.send(encoded.bytes, { binary: false });
    return true;
  });

  async function handleManagement(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const id = decodeURIComponent(url.pathname.slice('/@connections/'.length));
    const entry = sockets.get(id);
    if (!entry || entry.ws.readyState !== WebSocket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return;
    }
    if (req.method === 'POST') {
      const body = await readBody(req, 128 * 1024);
      entry.ws.send(body.toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      entry.ws.close(1000);
      res.writeHead(204).end();
    } else if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ConnectedAt: new Date(entry.connectedAt).toISOString(),
          LastActiveAt: new Date(entry.lastActiveAt).toISOString(),
          Identity: { SourceIp: entry.sourceIp },
        }),
      );
    } else res.writeHead(405).end();
  }

  return {
    handleManagement,
    close: () => {
      closing = true;
      unregisterDelivery();
      for (const { ws } of sockets.values()) ws.terminate();
      wss.close();
    },
  };
}
