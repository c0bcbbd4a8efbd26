import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { documentClient } from '../data/client.ts';
import { ConnectionRepository } from '../data/connection-repository.ts';
import { errorFields, log } from '../lib/log.ts';

/**
 * $connect: records the connection for fan-out. The options-flow issue adds the subscriber check
 * (token in ?token=) here; until then nothing is streamed, so no data is exposed.
 */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const { connectionId } = event.requestContext;
  try {
    await new ConnectionRepository(documentClient()).add(connectionId, null);
    log.info('ws connect', { connectionId });
    return { statusCode: 200, body: 'connected' };
  } catch (err) {
    log.error('ws connect failed', { connectionId, ...errorFields(err) });
    return { statusCode: 500, body: 'connection failed' };
  }
};
