import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { alertBody } from '@tapewatch/shared/api/alert';
import { routeList } from '@tapewatch/shared/api/routes';

/**
 * The HTTP API's $default route: whatever no route-table entry matches. API Gateway would answer
 * {"message":"Not Found"}; the app's clients expect the alert JSON the local runtime sends
 * (scripts/local/api-router.ts): 405 for a known path with the wrong method, 404 otherwise. A known
 * method and path arrive here only when the stack left the route out (the Stripe webhook without
 * Stripe configured, infra/lib/http-api.ts): 503, the feature is not available on this deployment.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const path = event.rawPath ?? event.requestContext?.http?.path ?? '';
  const method = event.requestContext?.http?.method ?? '';
  const known = routeList.find((r) => r.path === path);
  const [status, message] = !known
    ? [404, `Unknown API endpoint ${path}.`]
    : known.method === method
      ? [503, `${path} is not available on this deployment.`]
      : [405, `${path} only accepts ${known.method} requests.`];
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
