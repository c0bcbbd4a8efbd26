import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { alertBody } from '@tapewatch/shared/api/alert';
import { routeList } from '@tapewatch/shared/api/routes';

/**
 * The HTTP API's $default route: whatever no route-table entry matches. API Gateway would answer
 * {"message":"Not Found"}; the app's clients expect the alert JSON the local runtime sends
 * (scripts/local/api-router.ts): 405 for a known path with the wrong method, 404 otherwise.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
  const known = routeList.find((r) => r.path === path);
  const [status, message] = known
    ? [405, `${path} only accepts ${known.method} requests.`]
    : [404, `Unknown API endpoint ${path}.`];
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(known ? { allow: known.method } : {}),
    },
    body: JSON.stringify(alertBody(message)),
  };
}
