import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { alertBody } from '@tapewatch/shared/api/alert';
import { findRoute, routeList } from '@tapewatch/shared/api/routes';
import type { LambdaHttpHandler } from '@tapewatch/functions/lib/http';
import { toJson } from '@tapewatch/functions/lib/json';
import { readBody, toHttpApiEvent, writeLambdaResult } from './lambda-event.ts';
import { securityHeaders } from './static.ts';

const FUNCTIONS_SRC = join(import.meta.dirname, '../../functions/src');

const loaded = new Map<string, Promise<LambdaHttpHandler>>();

/** Imports a handler module once, as a Lambda container would on its cold start. */
export function loadHandler<T = LambdaHttpHandler>(modulePath: string, exportName = 'handler'): Promise<T> {
  const key = `${modulePath}#${exportName}`;
  let p = loaded.get(key);
  if (!p) {
    p = import(pathToFileURL(join(FUNCTIONS_SRC, `${modulePath}.ts`)).href).then((m: Record<string, unknown>) => {
      const fn = m[exportName];
      if (typeof fn !== 'function') throw new Error(`${modulePath} does not export ${exportName}`);
      return fn as LambdaHttpHandler;
    });
    loaded.set(key, p);
  }
  return p as Promise<T>;
}

export async function preloadHandlers(): Promise<void> {
  await Promise.all(routeList.map((r) => loadHandler(`http/${r.handler}`)));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = toJson(body);
  res.writeHead(status, {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** Serves /api/*: every route-table entry, as API Gateway + Lambda would; anything else is a JSON 404. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const route = findRoute(req.method ?? 'GET', url.pathname);
  if (!route) {
    const other = routeList.find((r) => r.path === url.pathname);
    if (other) return sendJson(res, 405, alertBody(`${url.pathname} only accepts ${other.method} requests.`));
    return sendJson(res, 404, alertBody(`Unknown API endpoint ${url.pathname}.`));
  }
  let body: Buffer;
  try {
    body = await readBody(req);
  } catch {
    return sendJson(res, 413, alertBody('The request is too large.'));
  }
  const handler = await loadHandler(`http/${route.handler}`);
  const event = toHttpApiEvent(req, url, body, `${route.method} ${route.path}`);
  const result = await handler(event, { awsRequestId: event.requestContext.requestId, functionName: route.name });
  writeLambdaResult(res, result);
}
