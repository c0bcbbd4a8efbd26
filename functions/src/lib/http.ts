import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { z } from 'zod';
import { alertBody } from '@tapewatch/shared/api/alert';
import { routes, type BodyOf, type ParsedQueryOf, type ResponseOf, type RouteName } from '@tapewatch/shared/api/routes';
import {
  authorize,
  currentAuthenticator,
  isSubscriber,
  KeyRefusedError,
  provisionalKeyCallerOf,
  sameCaller,
  type Caller,
} from './auth-guard.ts';
import { rateLimitHeaders } from '../domain/api-keys/quota.ts';
import { takeFormat, toCsvBody } from './csv-format.ts';
import { acceptsOrigin } from '../platform/viewer-address.ts';
import { assertSourcesAvailable } from '../platform/data-sources.ts';
import { AppError, BadRequestError, ForbiddenError, RateLimitedError } from './errors.ts';
import { toJson } from './json.ts';
import { startedEarly } from './started-early.ts';
import { errorFields, log as rootLog, type Logger } from './log.ts';
import { describeZodError } from './validation.ts';

export interface HandlerContext<N extends RouteName> {
  query: ParsedQueryOf<N>;
  body: BodyOf<N>;
  caller: Caller | null;
  requestId: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
}

/** Lets a handler choose a status or add headers; plain return values are 200 JSON. */
export class HttpResult<T> {
  constructor(
    readonly body: T,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

/**
 * A response body already serialised (e.g. a cached snapshot): skips JSON.stringify per request.
 * The text must be what toJson would produce for a value of the route's response type.
 */
export class JsonText<T> {
  declare readonly type: T;
  constructor(readonly text: string) {}
}

/**
 * A JSON body the handler keeps as bytes and compressed (lib/gzip.ts negotiatedJson): sent as its
 * compressed form for the client's Accept-Encoding, base64 as Lambda returns binary bodies; `text`
 * gives the JSON itself (the CSV export).
 */
export class EncodedJson<T> {
  declare readonly type: T;
  constructor(
    readonly encoding: string,
    readonly base64: () => Promise<string>,
    readonly text: () => string,
  ) {}
}

export function jsonText<T>(value: T): JsonText<T> {
  return new JsonText<T>(toJson(value));
}

export type LambdaHttpHandler = (
  event: APIGatewayProxyEventV2,
  context?: Partial<Context>,
) => Promise<APIGatewayProxyStructuredResultV2>;

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' };

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { ...jsonHeaders, 'cache-control': 'no-store', ...headers },
    body: toJson(body),
  };
}

/**
 * The one wrapper every HTTP Lambda uses: validates query/body with the route's zod schemas,
 * applies the route's auth level, maps typed errors to statuses with the spec's alert body,
 * and logs one structured line per request.
 */
export function defineHandler<N extends RouteName>(
  name: N,
  impl: (
    ctx: HandlerContext<N>,
  ) => Promise<
    | ResponseOf<N>
    | HttpResult<ResponseOf<N> | JsonText<ResponseOf<N>>>
    | JsonText<ResponseOf<N>>
    | EncodedJson<ResponseOf<N>>
  >,
): LambdaHttpHandler {
  const route = routes[name];
  return async (event, context) => {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'local';
    const log = rootLog.child({ requestId, route: name });
    let response: APIGatewayProxyStructuredResultV2;
    let keyCaller: Caller | undefined;
    const run = async ({ query, body }: ParsedInput, caller: Caller | null) => {
      await assertSourcesAvailable(name);
      return impl({ query, body, caller, requestId, log, event } as HandlerContext<N>);
    };
    try {
      const headers = lowerCaseHeaders(event.headers);
      // On AWS only CloudFront may call: it adds the origin-verify header (infra/lib/origin-verify.ts).
      if (!acceptsOrigin(headers)) throw new ForbiddenError('Please use Tapewatch through its website.');
      // Parsing is pure, but its errors wait for auth: a gated route answers 401/403 before it says
      // anything about its parameters.
      const input = parseInput(route, event);
      const early = speculate(route, headers, input, run);
      let caller: Caller | null;
      try {
        caller = await authorize(route.auth, headers, currentAuthenticator(), route.acceptsKey);
      } catch (err) {
        if (err instanceof KeyRefusedError) keyCaller = err.caller;
        throw err;
      }
      if (caller?.apiKey) {
        keyCaller = caller;
        const q = caller.apiKey.quota;
        if (!q.allowed)
          throw new RateLimitedError(
            `This API key has used its ${q.limit} requests of this ${q.window}. Try again in ${q.resetSeconds} s.`,
            q.resetSeconds,
          );
      }
      if (input instanceof Error) throw input;
      const { format } = input;
      const result =
        early && caller && sameCaller(early.caller, caller) ? await early.answer : await run(input, caller);
      const out = result instanceof HttpResult ? result : new HttpResult(result);
      const cache =
        route.cacheSeconds > 0 && route.auth === 'public' && !caller?.apiKey && out.status === 200
          ? `public, max-age=${route.cacheSeconds}`
          : 'no-store';
      response = format.csv
        ? {
            statusCode: out.status,
            headers: { 'content-type': 'text/csv; charset=utf-8', 'cache-control': cache, ...out.headers },
            body: toCsvBody(
              format.csv,
              out.body instanceof JsonText
                ? JSON.parse(out.body.text)
                : out.body instanceof EncodedJson
                  ? JSON.parse(out.body.text())
                  : out.body,
            ),
          }
        : out.body instanceof EncodedJson
          ? {
              statusCode: out.status,
              headers: {
                ...jsonHeaders,
                'cache-control': cache,
                'content-encoding': out.body.encoding,
                vary: 'accept-encoding',
                ...out.headers,
              },
              body: await out.body.base64(),
              isBase64Encoded: true,
            }
          : out.body instanceof JsonText
            ? {
                statusCode: out.status,
                headers: { ...jsonHeaders, 'cache-control': cache, ...out.headers },
                body: out.body.text,
              }
            : jsonResponse(out.status, out.body, { 'cache-control': cache, ...out.headers });
    } catch (err) {
      response = errorResponse(err, log);
    }
    // Every answer to a key says where its quota stands, refusals included.
    if (keyCaller?.apiKey) response.headers = { ...response.headers, ...rateLimitHeaders(keyCaller.apiKey.quota) };
    log.info('request', {
      method: event.requestContext?.http?.method,
      path: event.rawPath,
      status: response.statusCode,
      // The key's id, never the key.
      ...(keyCaller?.apiKey ? { keyId: keyCaller.apiKey.keyId } : {}),
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
    return response;
  };
}

export function errorResponse(err: unknown, log: Logger): APIGatewayProxyStructuredResultV2 {
  if (err instanceof AppError) {
    const headers: Record<string, string> =
      err instanceof RateLimitedError ? { 'retry-after': String(err.retryAfterSeconds) } : {};
    if (err.status >= 500) log.warn('unavailable', errorFields(err));
    return jsonResponse(err.status, alertBody(err.message, err.content), headers);
  }
  log.error('unhandled error', errorFields(err));
  return jsonResponse(500, alertBody('Something went wrong on our side. Please try again in a moment.'));
}

type AnyRoute = (typeof routes)[RouteName];

interface ParsedInput {
  format: ReturnType<typeof takeFormat>;
  query: unknown;
  body: unknown;
}

/** The request's format, query and body, or the 400 it deserves (thrown only after auth). */
function parseInput(route: AnyRoute, event: APIGatewayProxyEventV2): ParsedInput | Error {
  try {
    const format = takeFormat(route, event.queryStringParameters ?? {});
    return { format, query: parseQuery(route.query, format.query), body: parseBody(route.body, event) };
  } catch (err) {
    return err as Error;
  }
}

/**
 * Issue 26: a key request costs one counting round trip (api-key-authenticator.ts) that a session
 * token, whose state is cached for a second, does not. For a cheap route that cannot change anything
 * (the route table marks it cheap and grants it no writes, mail, sockets or Cognito actions) and a key this container
 * accepted before, the handler runs with the caller the key was last accepted as while the key is
 * counted, so the request takes the longer of the two instead of their sum. The answer is kept only
 * when the count confirms the same caller; a refused key, an exhausted quota or a changed plan drops
 * it unseen (and the handler runs again with the confirmed caller).
 */
function speculate<T>(
  route: AnyRoute,
  headers: Record<string, string | undefined>,
  input: ParsedInput | Error,
  run: (input: ParsedInput, caller: Caller) => Promise<T>,
): { caller: Caller; answer: Promise<T> } | null {
  if (input instanceof Error || !route.acceptsKey || !route.cheap || !isReadOnly(route)) return null;
  const caller = provisionalKeyCallerOf(headers);
  if (!caller || (route.auth === 'subscriber' && !isSubscriber(caller.subscription))) return null;
  // Awaited only after the key check: handled from now, or a fast 4xx would end the process.
  return { caller, answer: startedEarly(run(input, caller)) };
}

function isReadOnly(route: AnyRoute): boolean {
  return route.writes.length === 0 && !route.mail && !route.liveSockets && route.cognito.length === 0;
}

function parseQuery(schema: (typeof routes)[RouteName]['query'], raw: Record<string, string | undefined>) {
  const result = schema.safeParse(raw);
  if (!result.success) throw new BadRequestError(describeZodError(result.error, 'query', raw));
  return result.data;
}

function parseBody(schema: (typeof routes)[RouteName]['body'], event: APIGatewayProxyEventV2) {
  let value: unknown;
  if (event.body !== undefined && event.body !== null && event.body !== '') {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BadRequestError('The request body is not valid JSON.');
    }
  }
  // A route without a body takes an empty one from clients that always send JSON: `{}` or `null`.
  if (schema instanceof z.ZodUndefined && (value === null || isEmptyObject(value))) value = undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new BadRequestError(describeZodError(result.error, 'body', value));
  return result.data;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

function lowerCaseHeaders(headers: Record<string, string | undefined> | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v;
  return out;
}
