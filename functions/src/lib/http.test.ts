import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authorize, registerAuthenticator, type Caller } from './auth-guard.ts';
import { BadRequestError, ForbiddenError, NotFoundError, RateLimitedError, UnauthorizedError } from './errors.ts';
import { defineHandler, errorResponse, HttpResult, jsonText } from './http.ts';
import { toJson } from './json.ts';
import { createLogger } from './log.ts';
import { describeZodError } from './validation.ts';

const event = (query?: Record<string, string>, extra: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: 'GET /api/get_app_info',
    rawPath: '/api/get_app_info',
    rawQueryString: '',
    headers: {},
    queryStringParameters: query,
    requestContext: { requestId: 'req-1', http: { method: 'GET', path: '/api/get_app_info' } },
    isBase64Encoded: false,
    ...extra,
  }) as APIGatewayProxyEventV2;

const silent = createLogger();

describe('defineHandler', () => {
  const ok = defineHandler('get_app_info', async () => ({
    data_mode: 'demo',
    as_of: '2024-03-08',
    options_flow: 'simulated',
    version: 'x',
  }));

  it('answers 200 JSON with the route cache policy', async () => {
    const res = await ok(event());
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ data_mode: 'demo' });
    expect(res.headers!['cache-control']).toBe('public, max-age=60');
  });

  it('rejects an unknown query parameter with a 400 alert naming it', async () => {
    const res = await ok(event({ tiker: 'SPY' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ alert_show: true, alert_message: "Unknown parameter 'tiker'." });
    expect(res.headers!['cache-control']).toBe('no-store');
  });

  it('rejects a body that is not JSON', async () => {
    const res = await ok(event(undefined, { body: '{nope' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).alert_message).toBe('The request body is not valid JSON.');
  });

  it('takes an empty JSON body on a route without one, and refuses a non-empty one in words', async () => {
    for (const body of ['{}', 'null', ' {} '])
      expect((await ok(event(undefined, { body }))).statusCode, body).toBe(200);
    const res = await ok(event(undefined, { body: '{"x":1}' }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!).alert_message).toBe('This request takes no body.');
  });

  it('never names an empty parameter when the whole body is wrong', async () => {
    const login = defineHandler('submit_login', async () => ({ token: 't', refresh_token: 'r' }) as never);
    for (const body of ['[]', '"text"', '42', 'true']) {
      const res = await login(event(undefined, { body }));
      expect(res.statusCode, body).toBe(400);
      const message = JSON.parse(res.body!).alert_message as string;
      expect(message, body).toBe('The request body must be a JSON object.');
    }
    const missing = await login(event(undefined, {}));
    expect(JSON.parse(missing.body!).alert_message).not.toContain("''");
  });

  it('maps typed errors to their status and never leaks internals', async () => {
    const cases: Array<[Error, number]> = [
      [new BadRequestError('bad'), 400],
      [new UnauthorizedError(), 401],
      [new ForbiddenError(), 403],
      [new NotFoundError('Unknown ticker ZZZZ.'), 404],
      [new RateLimitedError(), 429],
      [new TypeError('secret stack detail'), 500],
    ];
    for (const [err, status] of cases) {
      const h = defineHandler('get_app_info', async () => {
        throw err;
      });
      const res = await h(event());
      expect(res.statusCode).toBe(status);
      const body = JSON.parse(res.body!);
      expect(body.alert_show).toBe(true);
      expect(res.body).not.toContain('secret stack detail');
    }
    expect(errorResponse(new RateLimitedError('slow down', 30), silent).headers!['retry-after']).toBe('30');
    expect(JSON.parse(errorResponse(new ForbiddenError(), silent).body!).alert_message).toBe(
      'You need to subscribe to access this page.',
    );
  });

  it('sends a pre-serialised body as is', async () => {
    const h = defineHandler('get_app_info', async () =>
      jsonText({ data_mode: 'demo' as const, as_of: null, options_flow: 'simulated' as const, version: 'v', x: NaN }),
    );
    const res = await h(event());
    expect(res.body).toBe('{"data_mode":"demo","as_of":null,"options_flow":"simulated","version":"v","x":null}');
    expect(res.headers!['content-type']).toContain('application/json');
  });

  it('lets a handler choose the status', async () => {
    const h = defineHandler(
      'get_app_info',
      async () => new HttpResult({ data_mode: 'live', as_of: null, options_flow: 'live', version: 'v' }, 202),
    );
    expect((await h(event())).statusCode).toBe(202);
  });
});

describe('toJson', () => {
  it('turns NaN and infinities into null, anywhere in the tree', () => {
    expect(toJson({ a: NaN, b: [1, Infinity, -Infinity], c: { d: 2 } })).toBe(
      '{"a":null,"b":[1,null,null],"c":{"d":2}}',
    );
  });
});

describe('describeZodError', () => {
  const schema = z.strictObject({
    top: z.enum(['short', 'days', 'float']),
    ticker: z.string().regex(/^[A-Z.]{1,6}$/, 'must be 1-6 letters'),
    window: z.coerce.number().int().min(1).max(5000),
  });
  const message = (input: unknown) => {
    const r = schema.safeParse(input);
    if (r.success) throw new Error('expected failure');
    return describeZodError(r.error, 'query', input);
  };
  it('names the parameter and the allowed values', () => {
    expect(message({ top: 'max', ticker: 'SPY', window: '5' })).toBe(
      "Invalid value for 'top': expected one of short, days, float.",
    );
  });
  it('reports missing parameters', () => {
    expect(message({ top: 'days', window: '5' })).toBe("Missing parameter 'ticker'.");
  });
  it('uses the schema message for format errors', () => {
    expect(message({ top: 'days', ticker: 'spy!', window: '5' })).toBe(
      "Invalid value for 'ticker': must be 1-6 letters.",
    );
  });
  it('tells a bad number from a missing one', () => {
    expect(message({ top: 'days', ticker: 'SPY', window: 'abc' })).toBe(
      "Invalid value for 'window': expected a number.",
    );
    expect(message({ top: 'days', ticker: 'SPY' })).toBe("Missing parameter 'window'.");
  });
  it('reports numbers out of range', () => {
    expect(message({ top: 'days', ticker: 'SPY', window: '0' })).toMatch(/^Invalid value for 'window': /);
  });
});

describe('authorize', () => {
  const caller = (subscription: string): Caller => ({
    userId: 'u1',
    username: 'trader_1',
    email: 't@example.com',
    subscription,
    token: 't',
  });
  const auth = (map: Record<string, Caller>) => async (token: string) => map[token] ?? null;
  const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  afterEach(() => registerAuthenticator(async () => null));

  it('never requires a token on public routes', async () => {
    await expect(authorize('public', headers(), auth({}))).resolves.toBeNull();
    await expect(authorize('public', headers('bad'), auth({}))).resolves.toBeNull();
  });
  it('answers 401 without a valid token on user routes', async () => {
    await expect(authorize('user', headers(), auth({}))).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(authorize('user', headers('expired'), auth({}))).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(authorize('user', headers('free'), auth({ free: caller('free') }))).resolves.toMatchObject({
      userId: 'u1',
    });
  });
  it('answers 403 to free users on subscriber routes, whatever the case of the plan', async () => {
    for (const plan of ['', 'free', 'Free']) {
      await expect(authorize('subscriber', headers('t'), auth({ t: caller(plan) }))).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    }
    await expect(authorize('subscriber', headers('t'), auth({ t: caller('basic') }))).resolves.toMatchObject({
      subscription: 'basic',
    });
  });
  it('denies protected routes until an authenticator is registered', async () => {
    const h = defineHandler('get_app_info', async () => ({
      data_mode: 'demo',
      as_of: null,
      options_flow: 'simulated',
      version: 'x',
    }));
    // get_app_info is public, so a token that no authenticator accepts is simply ignored.
    expect((await h(event(undefined, { headers: { authorization: 'Bearer forged' } }))).statusCode).toBe(200);
    await expect(authorize('user', headers('forged'), async () => null)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
