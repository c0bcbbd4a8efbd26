import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { WsFrame } from '@tapewatch/shared/ws/messages';
import { ConnectionRepository } from '../data/connection-repository.ts';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

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

/** Sends one frame; false when the connection is gone (the caller forgets it). */
export async function postToConnection(connectionId: string, frame: WsFrame): Promise<boolean> {
  try {
    await managementClient().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(frame) }));
    return true;
  } catch (err) {
    if (err instanceof GoneException || (err as { name?: string }).name === 'GoneException') return false;
    throw err;
  }
}

/** Fans a frame out to every live connection, dropping the records of closed ones. */
export async function broadcast(db: DynamoDBDocumentClient, frame: WsFrame): Promise<{ sent: number; gone: number }> {
  const repo = new ConnectionRepository(db);
  const connections = await repo.list();
  let sent = 0;
  let gone = 0;
  await Promise.all(
    connections.map(async ({ connectionId }) => {
      if (await postToConnection(connectionId, frame)) sent++;
      else {
        gone++;
        await repo.remove(connectionId);
      }
    }),
  );
  return { sent, gone };
}
