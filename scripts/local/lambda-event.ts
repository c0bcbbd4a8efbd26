import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { securityHeaders } from './static.ts';

const textTypes = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

const NO_BODY = Buffer.alloc(0);

export async function readBody(req: IncomingMessage, limit = 1_000_000): Promise<Buffer> {
  // HTTP/1.1: a request without either header has no body (most GETs): skip the stream iterator.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw Object.assign(new Error('payload too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Builds the API Gateway HTTP API (payload format 2.0) event that Lambda would receive, so the
 * same handler modules run unchanged. Repeated query parameters are comma-joined and cookies
 * split out, as API Gateway does.
 */
export function toHttpApiEvent(req: IncomingMessage, url: URL, body: Buffer, routeKey: string): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'cookie') continue;
    headers[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const isText = body.length === 0 || textTypes.test(req.headers['content-type'] ?? 'application/json');
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie?.split(';').map((c) => c.trim()),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

/** The last base64 body decoded: kept answers (the current flow's gzip) come back as the same string. */
let lastBase64 = '';
let lastDecoded = NO_BODY;

function decodeBase64(text: string): Buffer {
  if (text !== lastBase64) {
    lastDecoded = Buffer.from(text, 'base64');
    lastBase64 = text;
  }
  return lastDecoded;
}

export function writeLambdaResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const body = result.body === undefined ? '' : result.isBase64Encoded ? decodeBase64(result.body) : result.body;
  // CloudFront adds the same headers to /api/* in production (infra security headers policy).
  res.writeHead(result.statusCode ?? 200, {
    ...securityHeaders,
    ...(result.headers as Record<string, string>),
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
