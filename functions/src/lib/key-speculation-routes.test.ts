import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes, type RouteName } from '@tapewatch/shared/api/routes';
import type { Caller } from './auth-guard.ts';
import { NotFoundError } from './errors.ts';

/**
 * Issue 35: a key, one good request, then one for an unknown ticker ended the process: the handler
 * started while the key was counted rejected (404) before anything handled its promise. For EVERY
 * route of the route table, this sends a key request whose handler fails in each way a handler can
 * (a 4xx, an unexpected error, a throw before its first await) while the key check is held open,
 * then decides the check every way it can go, and asserts the alert answer and that no rejection
 * went unhandled (which would end the Node process, or the Lambda container).
 */
const keyCheck = vi.hoisted(() => ({
  pending: [] as Array<(caller: Caller | null) => void>,
  provisional: null as Caller | null,
}));

vi.mock('../platform/api-key-authenticator.ts', () => ({
  apiKeyAuthenticator: () => new Promise<Caller | null>((resolve) => keyCheck.pending.push(resolve)),
  provisionalKeyCaller: () => keyCheck.provisional,
}));

const { defineHandler } = await import('./http.ts');

const KEY = `tw_live_${'b'.repeat(43)}`;
const subscriber: Caller = {
  userId: 'u1',
  username: 'trader_1',
  email: 't@example.com',
  subscription: 'basic',
  token: '',
};
const counted = (allowed: boolean): Caller => ({
  ...subscriber,
  apiKey: {
    keyId: 'k1',
    quota: {
      allowed,
      limit: 60,
      remaining: allowed ? 59 : 0,
      resetSeconds: 30,
      window: 'minute',
      policy: '60;w=60, 5000;w=86400',
    },
  },
});

const failures = {
  '4xx': async () => {
    await Promise.resolve();
    throw new NotFoundError('Unknown ticker ZZZZ.');
  },
  '500': async () => {
    await Promise.resolve();
    throw new Error('the store went away');
  },
  'throw before the first await': () => {
    throw new NotFoundError('Unknown ticker ZZZZ.');
  },
} as const;
type Failure = keyof typeof failures;

const decisions = {
  confirmed: counted(true),
  revoked: null,
  'quota spent': counted(false),
} as const;
type Decision = keyof typeof decisions;

function keyEvent(name: RouteName): APIGatewayProxyEventV2 {
  const route = routes[name];
  const query = Object.fromEntries(new URLSearchParams(route.example ?? ''));
  return {
    version: '2.0',
    rawPath: route.path,
    rawQueryString: route.example ?? '',
    queryStringParameters: query,
    headers: { authorization: `Bearer ${KEY}` },
    body: route.exampleBody === undefined ? undefined : JSON.stringify(route.exampleBody),
    requestContext: { requestId: 'r', http: { method: route.method, path: route.path } },
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

/** What the caller must hear: the refusal when the key is refused, else the handler's own failure. */
function expected(name: RouteName, failure: Failure, decision: Decision): { status: number; message?: string } {
  if (decision === 'revoked') return { status: 401 };
  if (!routes[name].acceptsKey) return { status: 403 };
  if (decision === 'quota spent') return { status: 429 };
  return failure === '500'
    ? { status: 500, message: 'Something went wrong on our side. Please try again in a moment.' }
    : { status: 404, message: 'Unknown ticker ZZZZ.' };
}

/** Lets every pending callback and rejection of this turn run, so Node would report an unhandled one. */
const nextTurn = () => new Promise((r) => setTimeout(r, 0));

const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

describe('every route, a key request whose handler fails while the key is counted', () => {
  beforeAll(async () => {
    process.on('unhandledRejection', record);
    // The first key request of a container loads the key authenticator.
    const warm = defineHandler('get_app_info', async () => ({}) as never)(keyEvent('get_app_info'));
    await nextTurn();
    keyCheck.pending.shift()!(counted(true));
    await warm;
  });
  afterAll(() => {
    process.off('unhandledRejection', record);
  });
  beforeEach(() => {
    keyCheck.pending.length = 0;
    keyCheck.provisional = subscriber;
    unhandled.length = 0;
  });

  const names = Object.keys(routes) as RouteName[];
  for (const failure of Object.keys(failures) as Failure[]) {
    for (const decision of Object.keys(decisions) as Decision[]) {
      it(`${failure}, key ${decision}: the alert answer, no unhandled rejection, no expensive run refused`, async () => {
        for (const name of names) {
          let runs = 0;
          const handler = defineHandler(name, (() => {
            runs++;
            return failures[failure]();
          }) as never);
          const answer = handler(keyEvent(name));
          await nextTurn();
          expect(keyCheck.pending, name).toHaveLength(1);
          keyCheck.pending.shift()!(decisions[decision]);
          const res = await answer;
          await nextTurn();
          const want = expected(name, failure, decision);
          expect(res.statusCode, `${name}: ${res.body}`).toBe(want.status);
          const body = JSON.parse(res.body!);
          expect(body.alert_show, name).toBe(true);
          if (want.message) expect(body.alert_message, name).toBe(want.message);
          // A refused key never pays for a route the table does not mark cheap.
          if (want.status !== 404 && want.status !== 500 && !routes[name].cheap) expect(runs, name).toBe(0);
          expect(unhandled, name).toEqual([]);
        }
      });
    }
  }

  it('the table marks cheap only read-only key routes, and no model fit, backtest or multi-day scan', () => {
    const cheap = (Object.keys(routes) as RouteName[]).filter((n) => routes[n].cheap);
    for (const n of cheap) {
      expect(routes[n].acceptsKey, n).toBe(true);
      expect(routes[n].writes, n).toEqual([]);
    }
    for (const heavy of [
      'get_ts_arima_data',
      'get_clusters_data',
      'get_clusters_prediction_data',
      'get_factor_analysis_data',
      'backtest_alert_rule',
      'get_historical_options_flow',
    ] as const)
      expect(routes[heavy].cheap, heavy).toBe(false);
  });
});
