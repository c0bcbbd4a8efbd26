import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { WsFrame } from '@tapewatch/shared/ws/messages';
import { ConnectionRepository } from '../data/connection-repository.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PostOutcome } from './fanout-shards.ts';

let client: ApiGatewayManagementApiClient | undefined;

/**
 * The API Gateway Management API client. WS_MANAGEMENT_ENDPOINT is the WebSocket stage URL on
 * AWS (https://{api}.execute-api.{region}.amazonaws.com/{stage}) and the local runtime's
 * http://127.0.0.1:{port} locally, where /@connections is served by the same process.
 */
export function managementClient(): ApiGatewayManagementApiClient {
  if (client) return client;
  const endpoint = process.env.WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not set');
  const local = endpoint.startsWith('http://');
  client = new ApiGatewayManagementApiClient({
    endpoint,
    region: process.env.AWS_REGION ?? 'us-east-1',
    ...(local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  return client;
}

export function resetManagementClient(): void {
  client = undefined;
}

/** Delivers to a connection held by this very process; false when it is gone. */
export type LocalDelivery = (connectionId: string, data: string) => boolean;
let localDelivery: LocalDelivery | null = null;

/**
 * The local runtime holds the sockets in-process and registers a direct delivery here, so its
 * fan-out does not pay an HTTP request and a signed SDK call per connection and frame (on AWS the
 * Management API is the only way). Null restores the Management API path.
 */
export function registerLocalDelivery(deliver: LocalDelivery | null): () => void {
  localDelivery = deliver;
  // Undoes this registration only (a later runtime in the same process keeps its own).
  return () => {
    if (localDelivery === deliver) localDelivery = null;
  };
}

/** Sends one frame (or its JSON, serialised once for many connections); false when the connection is gone. */
export async function postToConnection(connectionId: string, frame: WsFrame | string): Promise<boolean> {
  const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
  return localDelivery ? localDelivery(connectionId, data) : postViaManagementApi(connectionId, data);
}

/** PostToConnection through the API Gateway Management API; false on 410 Gone. */
export async function postViaManagementApi(connectionId: string, data: string): Promise<boolean> {
  try {
    await managementClient().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    return true;
  } catch (err) {
    if (err instanceof GoneException || (err as { name?: string }).name === 'GoneException') return false;
    throw err;
  }
}

const THROTTLES = new Set(['TooManyRequestsException', 'ThrottlingException', 'LimitExceededException']);

/** One frame's JSON to one connection, for the sharded fan-out: a 429 is 'throttled' (retried), other errors throw. */
export async function postOutcome(connectionId: string, data: string): Promise<PostOutcome> {
  if (localDelivery) return localDelivery(connectionId, data) ? 'sent' : 'gone';
  try {
    return (await postViaManagementApi(connectionId, data)) ? 'sent' : 'gone';
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (THROTTLES.has(e.name ?? '') || e.$metadata?.httpStatusCode === 429) return 'throttled';
    throw err;
  }
}

/** Closes a connection from the server side (DeleteConnection); a connection already gone is fine. */
export async function closeConnection(connectionId: string): Promise<void> {
  try {
    await managementClient().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (err) {
    if (err instanceof GoneException || (err as { name?: string }).name === 'GoneException') return;
    throw err;
  }
}

/** Fans a frame out to every live connection, dropping the records of closed ones. */
export async function broadcast(db: DynamoDBDocumentClient, frame: WsFrame): Promise<{ sent: number; gone: number }> {
  const repo = new ConnectionRepository(db);
  const connections = await repo.list();
  const data = JSON.stringify(frame);
  let sent = 0;
  let gone = 0;
  await Promise.all(
    connections.map(async ({ connectionId }) => {
      if (await postToConnection(connectionId, data)) sent++;
      else {
        gone++;
        await repo.remove(connectionId);
      }
    }),
  );
  return { sent, gone };
}
