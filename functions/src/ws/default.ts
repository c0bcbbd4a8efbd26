import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { MAX_CLIENT_MESSAGE_BYTES, wsClientMessageSchema } from '@tapewatch/shared/ws/messages';
import { log } from '../lib/log.ts';
import { closeConnection, postToConnection } from '../platform/realtime.ts';

function parse(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * $default: the spec's client says "Connection established" after connecting (acknowledged
 * silently); `{ "action": "ping" }` is answered with a pong through the Management API, which
 * lets clients and tests check the whole server-to-client path.
 */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const { connectionId } = event.requestContext;
  // API Gateway accepts frames up to 128 KB; a client that sends more than a control frame is closed.
  if (Buffer.byteLength(event.body ?? '', 'utf8') > MAX_CLIENT_MESSAGE_BYTES) {
    log.warn('ws message too large: closing', { connectionId, length: event.body?.length ?? 0 });
    await closeConnection(connectionId).catch(() => undefined);
    return { statusCode: 413, body: 'message too large' };
  }
  const message = wsClientMessageSchema.safeParse(parse(event.body));
  if (!message.success) {
    log.warn('ws message ignored', { connectionId, length: event.body?.length ?? 0 });
    return { statusCode: 400, body: 'unsupported message' };
  }
  if (typeof message.data === 'object') {
    await postToConnection(connectionId, { event: 'pong', ...(message.data.data ? { data: message.data.data } : {}) });
  }
  return { statusCode: 200, body: 'ok' };
};
