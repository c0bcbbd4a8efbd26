import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, TAGS } from './openapi.ts';
import { routeList } from './routes.ts';

const doc = buildOpenApiDocument('test');
type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Array<{ name: string; required: boolean; schema: object; example?: string }>;
  requestBody?: { required: boolean; content: { 'application/json': { schema: object; example?: unknown } } };
  responses: Record<string, { content: { 'application/json': { schema: object } }; headers?: Record<string, unknown> }>;
  security: object[];
};
const op = (path: string, method: string) => doc.paths[path]?.[method] as Operation;
const ajv = new Ajv2020({ strict: false, allErrors: true });
// Query values travel as text: OpenAPI's parameter schema describes the value, so `window=252` is an integer.
const queryAjv = new Ajv2020({ strict: false, coerceTypes: true });
ajv.addSchema(doc.components.schemas.Alert!, '#/components/schemas/Alert');

describe('OpenAPI document from the route table', () => {
  it('has every route once, under its path and method, with its summary and area tag', () => {
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p)) as Operation[];
    expect(operations).toHaveLength(routeList.length);
    for (const r of routeList) {
      const o = op(r.path, r.method.toLowerCase());
      expect(o?.operationId, r.name).toBe(r.name);
      expect(o.summary.length, r.name).toBeGreaterThan(10);
      expect(o.tags).toEqual([r.handler.split('/')[0]]);
    }
  });

  it("publishes issue 38's routes: the option chain, volatility, its quote summary and any ticker's walls", () => {
    const params = (path: string) => (op(path, 'get')?.parameters ?? []).map((p) => [p.name, p.required]);
    // The chain is a table: it also takes format=csv.
    expect(params('/api/get_option_chain')).toEqual([
      ['ticker', true],
      ['expiration', false],
      ['format', false],
    ]);
    expect(params('/api/get_volatility_data')).toEqual([['ticker', true]]);
    expect(params('/api/get_volatility_summary')).toEqual([['ticker', true]]);
    expect(params('/api/get_option_walls')).toEqual([['ticker', false]]);
    for (const path of ['/api/get_option_chain', '/api/get_volatility_data', '/api/get_volatility_summary'])
      expect(op(path, 'get').responses['200']?.content['application/json'].schema, path).toBeTruthy();
  });

  it('describes every tag it uses (a renamed handler area must be described again)', () => {
    for (const t of doc.tags) expect(TAGS[t.name], t.name).toBeTruthy();
  });

  it('describes only what the summary does not say: who may call and how long answers are cached', () => {
    for (const r of routeList) {
      const o = op(r.path, r.method.toLowerCase());
      const expected = [
        { public: '', user: 'Needs a signed-in user.', subscriber: 'Needs the basic plan.' }[r.auth],
        r.cacheSeconds > 0 ? `Cached for ${r.cacheSeconds} s.` : '',
      ]
        .filter(Boolean)
        .join(' ');
      expect(o.description, r.name).toBe(expected || undefined);
    }
  });

  it('marks the routes that need a token or take a key, and the plan and account-route errors', () => {
    for (const r of routeList) {
      const o = op(r.path, r.method.toLowerCase());
      // A public route's requirement `{}` says the credential is optional.
      expect(
        o.security.some((s: object) => Object.keys(s).length === 0),
        r.name,
      ).toBe(r.auth === 'public' && r.acceptsKey);
      expect(
        o.security.some((s: object) => 'bearerAuth' in s),
        r.name,
      ).toBe(r.auth !== 'public');
      expect(
        o.security.some((s: object) => 'apiKey' in s),
        r.name,
      ).toBe(r.acceptsKey);
      expect('401' in o.responses, r.name).toBe(r.auth !== 'public' || r.acceptsKey);
      expect('403' in o.responses, r.name).toBe(r.auth === 'subscriber' || !r.acceptsKey);
      expect(Object.keys(o.responses['429']?.headers ?? {}), r.name).toContain('Retry-After');
      expect('RateLimit-Remaining' in (o.responses['200']?.headers ?? {}), r.name).toBe(r.acceptsKey);
    }
  });

  it('keeps keys off the account areas', () => {
    const keyless = routeList.filter((r) => !r.acceptsKey).map((r) => r.handler.split('/')[0]);
    expect(new Set(keyless)).toEqual(new Set(['accounts', 'payments', 'api-keys']));
    expect(routeList.find((r) => r.name === 'delete_user')?.acceptsKey).toBe(false);
    expect(routeList.find((r) => r.name === 'get_current_options_flow')?.acceptsKey).toBe(true);
  });

  it('compiles every schema, and every example request satisfies its parameters and body', () => {
    for (const r of routeList) {
      const o = op(r.path, r.method.toLowerCase());
      for (const [status, res] of Object.entries(o.responses)) {
        expect(() => ajv.compile(res.content['application/json'].schema), `${r.name} ${status}`).not.toThrow();
      }
      const given = new URLSearchParams(r.example ?? '');
      for (const p of o.parameters ?? []) {
        if (p.required) expect(given.has(p.name), `${r.name} requires ${p.name}`).toBe(true);
        if (given.has(p.name)) expect(queryAjv.validate(p.schema, given.get(p.name)), `${r.name} ${p.name}`).toBe(true);
      }
      for (const name of given.keys())
        expect(
          o.parameters?.map((p) => p.name),
          r.name,
        ).toContain(name);
      if (r.exampleBody !== undefined) {
        const body = o.requestBody!.content['application/json'];
        expect(ajv.validate(body.schema, r.exampleBody), `${r.name}: ${ajv.errorsText()}`).toBe(true);
      }
    }
  });

  it('its schemas refuse what the route refuses', () => {
    const prices = op('/api/get_ticker_prices', 'get');
    const window = prices.parameters!.find((p) => p.name === 'window')!;
    expect(queryAjv.validate(window.schema, '252')).toBe(true);
    expect(queryAjv.validate(window.schema, '0')).toBe(false);
    expect(queryAjv.validate(window.schema, 'ten')).toBe(false);
    const login = op('/api/submit_login', 'post').requestBody!.content['application/json'].schema;
    expect(ajv.validate(login, { username: 'a', password: 'b', extra: 1 })).toBe(false);
    // An answer with a field its schema does not declare fails the contract (output objects are closed).
    const info = op('/api/get_app_info', 'get').responses['200']!.content['application/json'].schema;
    const answer = { data_mode: 'demo', as_of: '2024-03-08', options_flow: 'simulated', version: '1' };
    expect(ajv.validate(info, answer)).toBe(true);
    expect(ajv.validate(info, { ...answer, secret: 'x' })).toBe(false);
    expect(ajv.validate(info, { ...answer, data_mode: 'paper' })).toBe(false);
    const alert = op('/api/get_ticker_info', 'get').responses['400']!.content['application/json'].schema;
    expect(ajv.validate(alert, { alert_show: true, alert_message: 'Ticker not found.' })).toBe(true);
    expect(ajv.validate(alert, { error: 'x' })).toBe(false);
  });
});
