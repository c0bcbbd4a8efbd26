import { z } from 'zod';
import { routeList, type AuthLevel, type RouteDef, type RouteName } from './routes.ts';

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the route table: paths, summaries, query
 * parameters, bodies, responses and examples all come from the table's entries and their zod
 * schemas (zod 4's JSON Schema output is draft 2020-12, the dialect of OpenAPI 3.1), so the document
 * cannot say something the code does not do. `scripts/local/openapi-contract.test.ts` checks every
 * route's example request and real answer against it.
 */
type JsonSchema = Record<string, unknown>;
type Route = { name: RouteName } & RouteDef;

// A type alias, not an interface: the route's loose response schema needs an implicit index signature.
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
};

const ALERT_REF = { $ref: '#/components/schemas/Alert' };
const ALERT_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'The message shown to the user; every error answers with it.',
  properties: {
    alert_show: { const: true },
    alert_message: { type: 'string' },
    alert_content: { type: 'string' },
    alert_action: { type: 'string' },
  },
  required: ['alert_show', 'alert_message'],
};

// One tag per handler area (the folder under functions/src/http/): the reference groups by it.
export const TAGS: Record<string, string> = {
  meta: 'What the deployment serves and how fresh its data is.',
  sectors: 'Sector performance, rotation and the market-cap heatmap.',
  'spy-to-vix': 'SPY returns against VIX changes.',
  sp500: 'Long-run S&P 500 valuation series.',
  'option-walls': 'Open interest by strike of the index ETF.',
  tickers: 'Ticker search, profiles and prices.',
  'short-interest': 'FINRA short interest.',
  'dark-pools': 'FINRA off-exchange (dark-pool) volume and positions.',
  clusters: 'k-means clusters of return patterns.',
  signals: 'The latest factor signals of every ticker.',
  'factor-analysis': 'Walk-forward backtests of a factor signal.',
  arima: 'ARIMA models of prices.',
  accounts: 'Sign-up, sign-in and the account.',
  payments: 'The basic plan (Stripe).',
  flow: 'Options flow (basic plan).',
  watchlists: "A signed-in user's watchlists.",
  alerts: 'Flow alerts: saved Options Flow filters that notify, with their backtest (basic plan).',
};

const AUTH_NOTE: Record<AuthLevel, string> = {
  public: '',
  user: ' Needs a signed-in user.',
  subscriber: ' Needs the basic plan.',
};

/** zod -> JSON Schema (2020-12), without the `$schema` key that an embedded schema must not repeat. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const areaOf = (r: Route): string => r.handler.split('/')[0]!;
const takesNoBody = (r: Route): boolean => r.body instanceof z.ZodUndefined;

function parameters(r: Route): unknown[] {
  const schema = jsonSchemaOf(r.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const example = new URLSearchParams(r.example ?? '');
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
    ...(example.has(name) ? { example: example.get(name) } : {}),
  }));
}

function requestBody(r: Route): unknown {
  if (takesNoBody(r)) return undefined;
  const optional = r.body.safeParse(undefined).success;
  return {
    required: !optional,
    content: {
      'application/json': {
        schema: jsonSchemaOf(r.body, 'input'),
        ...(r.exampleBody !== undefined ? { example: r.exampleBody } : {}),
      },
    },
  };
}

function responses(r: Route): Record<string, unknown> {
  const alert = (description: string) => ({ description, content: { 'application/json': { schema: ALERT_REF } } });
  return {
    '200': { description: 'OK', content: { 'application/json': { schema: jsonSchemaOf(r.response, 'output') } } },
    '400': alert('Invalid query or body: the message names the parameter, or the request cannot be answered.'),
    ...(r.auth === 'public' ? {} : { '401': alert('No valid session: sign in again.') }),
    ...(r.auth === 'subscriber' ? { '403': alert('The basic plan is needed.') } : {}),
    '429': alert('Too many requests: wait and retry.'),
    default: alert('Any other error, with its message.'),
  };
}

function operation(r: Route): Record<string, unknown> {
  const body = requestBody(r);
  return {
    operationId: r.name,
    summary: r.summary,
    description: `${r.summary}${AUTH_NOTE[r.auth]}${r.cacheSeconds > 0 ? ` Cached for ${r.cacheSeconds} s.` : ''}`,
    tags: [areaOf(r)],
    ...(r.method === 'GET' ? { parameters: parameters(r) } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(r),
    security: r.auth === 'public' ? [] : [{ bearerAuth: [] }],
  };
}

export function buildOpenApiDocument(version: string, routes: readonly Route[] = routeList): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method.toLowerCase()] = operation(r);
  const used = new Set(routes.map(areaOf));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tapewatch API',
      version,
      description:
        'Market analytics and options flow. Every answer is JSON; every error is an alert ' +
        '`{ "alert_show": true, "alert_message": "..." }` with a 4xx status. Options-flow routes need the ' +
        'basic plan. Unknown query parameters are refused by name.',
    },
    servers: [{ url: '/', description: 'This deployment' }],
    tags: [...used].sort().map((name) => ({ name, description: TAGS[name] ?? '' })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access token `submit_login` returns (a JWT of the user pool).',
        },
      },
      schemas: { Alert: ALERT_SCHEMA },
    },
  };
}
