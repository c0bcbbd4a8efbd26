import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { documentClient } from '../data/client.ts';
import { ConnectionRepository } from '../data/connection-repository.ts';
import { log } from '../lib/log.ts';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const { connectionId } = event.requestContext;
  await new ConnectionRepository(documentClient()).remove(connectionId);
  log.info('ws disconnect', { connectionId });
  return { statusCode: 200, body: 'disconnected' };
};
