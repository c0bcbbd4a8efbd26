import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument, type OpenApiDocument } from '@tapewatch/shared/api/openapi';
import { routeList } from '@tapewatch/shared/api/routes';
import { startTestRuntime } from '../test/runtime-fixture.ts';
import { deliverEvent, localEvent } from './checkout-events.ts';
import { loggedInUser, subscriptionObject } from './payments-helpers.ts';

/**
 * The contract: every route's example request, sent for real as a paying user, gets an answer whose
 * status the served document lists and whose body that status's schema accepts. A handler that
 * returns a field its schema does not declare, or a document that drifts from the code, fails here.
 */
type Responses = Record<string, { content: { 'application/json': { schema: object } } }>;
// These end the session or the account; they are checked last, with a fresh login each.
const ENDS_SESSION = new Set(['submit_logout', 'delete_user']);
const ordered = [...routeList].sort((a, b) => Number(ENDS_SESSION.has(a.name)) - Number(ENDS_SESSION.has(b.name)));

let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let served: OpenApiDocument;
let basic: Awaited<ReturnType<typeof loggedInUser>>;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  process.env.MAIL_OUTBOX_QUIET = '1';
  process.env.RATE_LIMIT_MULTIPLIER = '100';
  rt = await startTestRuntime();
  basic = await loggedInUser(rt.url, 'contract_basic');
  const paid = await deliverEvent(
    rt.url,
    localEvent('customer.subscription.created', subscriptionObject(basic.userId, 'active')),
  );
  if (paid.status !== 200) throw new Error('could not make the basic user');
  served = (await (await fetch(`${rt.url}/api/openapi.json`)).json()) as OpenApiDocument;
  ajv.addSchema(served.components.schemas.Alert!, '#/components/schemas/Alert');
});
afterAll(() => rt?.dispose());

async function freshToken(): Promise<string> {
  const login = await fetch(`${rt.url}/api/submit_login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: basic.username, password: basic.password }),
  });
  return ((await login.json()) as { token: string }).token;
}

describe('OpenAPI contract: real answers against the served document', () => {
  it('serves the document the route table builds, publicly cacheable', async () => {
    const res = await fetch(`${rt.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('max-age=300');
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(served.info.version))));
    expect(Object.keys(served.paths)).toHaveLength(routeList.length);
  });

  for (const route of ordered) {
    it(`${route.method} ${route.path} with its example`, async () => {
      const token = ENDS_SESSION.has(route.name) ? await freshToken() : basic.token;
      const query = route.method === 'GET' && route.example ? `?${route.example}` : '';
      const res = await fetch(`${rt.url}${route.path}${query}`, {
        method: route.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        ...(route.method === 'POST' && route.exampleBody !== undefined
          ? { body: JSON.stringify(route.exampleBody) }
          : {}),
      });
      const body: unknown = await res.json();
      const operation = served.paths[route.path]![route.method.toLowerCase()] as { responses: Responses };
      const documented = operation.responses[String(res.status)] ?? operation.responses.default!;
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      if (route.method === 'GET') expect(res.status, JSON.stringify(body)).toBe(200);
      const valid = ajv.validate(documented.content['application/json'].schema, body);
      expect(valid, `${route.name} ${res.status}: ${ajv.errorsText(ajv.errors, { separator: '; ' })}`).toBe(true);
    });
  }
});
