import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, type RouteDef } from '@tapewatch/shared/api/routes';
import { useIntegrationRuntime } from '../test/integration-runtime.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { loggedInUser, subscriptionObject } from './payments-helpers.ts';

/**
 * Every route of the table (so a new route is fuzzed the moment it is added) gets generated
 * queries or bodies: its example from the table, then that example with parameters replaced by junk
 * (wrong types, huge and unicode strings, NaN, enormous and negative numbers, injection strings,
 * malformed JSON), dropped, duplicated or joined by unknown ones. Whatever comes in: never a 5xx;
 * a 4xx carries an alert message; a 200 matches the route's response schema.
 */
const CASES_PER_ROUTE = 30;
// Routes that end the session or the account are exercised by the account tests, not fuzzed with a live token.
const NOT_WITH_TOKEN = new Set(['submit_logout', 'delete_user']);

const junk = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '-0',
    '1e308',
    '-1e308',
    '99999999999999999999',
    '0.5',
    '1.5e-300',
    'null',
    'true',
    'undefined',
    '[]',
    '{}',
    '{',
    '[',
    '{"start":1}',
    '{"start":"2024-03-01","end":"2024-02-01"}',
    '[{"filter":"Ticker"}]',
    '[{"filter":"Premium","selector":"Equal","value":"Bullish"}]',
    '2024-02-30',
    '1900-01-01',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '\uFFFF',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    'ÅÄÖ',
    'SPY',
    'spy',
    'ZZZZZZ',
    'A'.repeat(5000),
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
);

type Named = RouteDef & { name: string };

/** The parameter names a route's query schema declares (a strict object, or nothing). */
function queryKeys(route: Named): string[] {
  return route.query instanceof z.ZodObject ? Object.keys(route.query.shape) : [];
}

const queryCase = (route: Named) => {
  const keys = [...new Set([...queryKeys(route), ...new URLSearchParams(route.example ?? '').keys()])];
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('q');
  return fc.oneof(
    fc.record({ op: fc.constant('set' as const), key, value: junk }),
    fc.record({ op: fc.constant('drop' as const), key, value: fc.constant('') }),
    fc.record({ op: fc.constant('twice' as const), key, value: junk }),
    fc.record({
      op: fc.constant('unknown' as const),
      key: fc.constantFrom('limit', 'x', 'callback', '__proto__', 'ticker2'),
      value: junk,
    }),
  );
};

function applyCase(base: string, c: { op: 'set' | 'drop' | 'twice' | 'unknown'; key: string; value: string }): string {
  const q = new URLSearchParams(base);
  if (c.op === 'set') q.set(c.key, c.value);
  else if (c.op === 'drop') q.delete(c.key);
  else q.append(c.key, c.value);
  return q.toString();
}

const bodyCase = (route: Named) => {
  const keys = route.body instanceof z.ZodObject ? Object.keys(route.body.shape) : [];
  const example = route.exampleBody;
  // The example with one field replaced or dropped reaches past the shape check into the handler.
  const mutated =
    example && typeof example === 'object' && keys.length > 0
      ? [
          fc
            .record({
              key: fc.constantFrom(...keys),
              value: fc.oneof(junk, fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
            })
            .map(({ key, value }) => JSON.stringify({ ...example, [key]: value })),
        ]
      : [];
  return fc.oneof(
    ...mutated,
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.constantFrom('{', '[1,', 'null', '"text"', '{"__proto__":{"admin":true}}', 'A'.repeat(20_000), ''),
    keys.length === 0
      ? fc.constant('{}')
      : fc
          .dictionary(
            fc.constantFrom(...keys),
            fc.oneof(junk, fc.integer(), fc.boolean(), fc.constant(null), fc.array(junk, { maxLength: 3 })),
          )
          .map((o) => JSON.stringify(o)),
  );
};

// Fuzzing sends hundreds of sign-ups and logins from one address: the limits would answer 429 to all.
const fx = useIntegrationRuntime({ env: { MAIL_OUTBOX_QUIET: '1', RATE_LIMIT_MULTIPLIER: '100000' } });
let basicToken = '';
const counts: Record<string, number> = {};
const byStatus: Record<string, number> = {};
beforeAll(async () => {
  const basic = await loggedInUser(fx.url, 'fuzz_basic');
  const paid = await deliverEvent(
    fx.url,
    localEvent('customer.subscription.created', subscriptionObject(basic.userId, 'active')),
  );
  if (paid.status !== 200) throw new Error('could not make the basic user');
  basicToken = basic.token;
});
afterAll(() => {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(
    `fuzzed ${total} requests over ${Object.keys(counts).length} routes (${CASES_PER_ROUTE} generated + the example per route); statuses ${JSON.stringify(byStatus)}`,
  );
  console.log(
    `requests per route: ${Object.entries(counts)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')}`,
  );
});

async function call(route: Named, query: string, body?: string) {
  const token = route.auth !== 'public' && !NOT_WITH_TOKEN.has(route.name) ? basicToken : undefined;
  const res = await fetch(`${fx.url}${route.path}${query ? `?${query}` : ''}`, {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: route.method === 'GET' ? undefined : (body ?? '{}'),
  });
  counts[route.name] = (counts[route.name] ?? 0) + 1;
  byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

function check(route: Named, r: { status: number; json: unknown; text: string }, what: string) {
  expect(r.status, `${what} -> ${r.text.slice(0, 300)}`).toBeLessThan(500);
  if (r.status >= 400) {
    expect(
      (r.json as { alert_message?: unknown } | undefined)?.alert_message,
      `${what}: a ${r.status} without an alert message`,
    ).toEqual(expect.any(String));
  } else if (r.status === 200) {
    const parsed = route.response.safeParse(r.json);
    expect(
      parsed.success,
      `${what}: 200 does not match the response schema: ${parsed.error?.message.slice(0, 300)}`,
    ).toBe(true);
  }
}

describe('route-wide fuzzing (route table)', () => {
  for (const route of routeList as Named[]) {
    it(`${route.method} ${route.path}: never a 5xx, 4xx with an alert, 200 in the response schema`, {
      timeout: 120_000,
    }, async () => {
      if (route.method === 'GET') {
        const base = route.example ?? '';
        const example = await call(route, base);
        // The example is a valid request: it must succeed, so the fuzzing starts from a working call.
        expect(example.status, example.text.slice(0, 300)).toBe(200);
        check(route, example, `example ${base}`);
        await fc.assert(
          fc.asyncProperty(queryCase(route), async (c) => {
            const query = applyCase(base, c);
            check(route, await call(route, query), `query ${query.slice(0, 200)}`);
          }),
          { numRuns: CASES_PER_ROUTE, seed: 20261122, endOnFailure: true },
        );
      } else {
        if (route.exampleBody !== undefined)
          check(route, await call(route, '', JSON.stringify(route.exampleBody)), 'example body');
        await fc.assert(
          fc.asyncProperty(bodyCase(route), async (body) => {
            check(route, await call(route, '', body), `body ${body.slice(0, 200)}`);
          }),
          { numRuns: CASES_PER_ROUTE, seed: 20261122, endOnFailure: true },
        );
      }
    });
  }
});
