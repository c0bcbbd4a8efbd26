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
  components: {
    securitySchemes: Record<string, unknown>;
    headers: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
  };
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
  'option-walls': 'Open interest by strike and gamma exposure of SPY or any optionable ticker.',
  'option-chain':
    'Option chains with IV and Greeks, and implied volatility in context (rank, term structure, skew, expected move).',
  'option-contract': 'One option contract: its daily history, its prints and their P&L (basic plan).',
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
  'api-keys': 'Your API keys (website session only: a key cannot manage keys).',
  alerts: 'Flow alerts: saved Options Flow filters that notify, with their backtest (basic plan).',
};

const header = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });
/** Sent on every answer to an API key (IETF draft-ietf-httpapi-ratelimit-headers). */
const RATE_LIMIT_HEADERS: Record<string, unknown> = {
  'RateLimit-Limit': header('Requests allowed in the window closest to running out (minute or UTC day).'),
  'RateLimit-Remaining': header('Requests left in that window.'),
  'RateLimit-Reset': header('Seconds until that window ends.'),
  'RateLimit-Policy': {
    description: "Both windows of the key's plan, e.g. `60;w=60, 5000;w=86400`.",
    schema: { type: 'string' },
  },
};
const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateLimitRefs = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((h) => [h, ref(h)]));

const AUTH_NOTE: Record<AuthLevel, string> = {
  public: '',
  user: 'Needs a signed-in user.',
  subscriber: 'Needs the basic plan.',
};

/** The operation's description: who may call it and how long answers are cached ('' when neither applies). */
function notes(r: Route): string {
  return [AUTH_NOTE[r.auth], r.cacheSeconds > 0 ? `Cached for ${r.cacheSeconds} s.` : ''].filter(Boolean).join(' ');
}

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
  const own = Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
    ...(example.has(name) ? { example: example.get(name) } : {}),
  }));
  if (!r.csv) return own;
  return [
    ...own,
    {
      name: 'format',
      in: 'query',
      required: false,
      description: `csv: the table as CSV (text/csv), columns ${r.csv.columns.map((c) => c.header).join(', ')}.`,
      schema: { type: 'string', enum: ['csv'] },
    },
  ];
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
    '200': {
      description: 'OK',
      ...(r.acceptsKey ? { headers: rateLimitRefs } : {}),
      content: {
        'application/json': { schema: jsonSchemaOf(r.response, 'output') },
        ...(r.csv
          ? {
              'text/csv': {
                schema: {
                  type: 'string',
                  description: 'With format=csv: a header line, then one line per row (RFC 4180).',
                },
              },
            }
          : {}),
      },
    },
    '400': alert('Invalid query or body: the message names the parameter, or the request cannot be answered.'),
    ...(r.auth === 'public' && !r.acceptsKey
      ? {}
      : {
          '401': alert(
            r.acceptsKey ? 'No valid session, or an unknown or revoked API key.' : 'No valid session: sign in again.',
          ),
        }),
    ...(r.auth === 'subscriber' ? { '403': alert('The basic plan is needed.') } : {}),
    ...(r.acceptsKey ? {} : { '403': alert('API keys cannot call account routes: use a website session.') }),
    '429': {
      ...alert("Too many requests: wait `Retry-After` seconds. With an API key: the key's quota is spent."),
      headers: {
        'Retry-After': header('Seconds to wait before the next request.'),
        ...(r.acceptsKey ? rateLimitRefs : {}),
      },
    },
    default: alert('Any other error, with its message.'),
  };
}

/** A key may call every route outside the account areas; on a public route either is optional. */
function security(r: Route): unknown[] {
  const schemes = [{ bearerAuth: [] }, ...(r.acceptsKey ? [{ apiKey: [] }] : [])];
  if (r.auth !== 'public') return schemes;
  return r.acceptsKey ? [{}, { apiKey: [] }] : [];
}

function operation(r: Route): Record<string, unknown> {
  const body = requestBody(r);
  const description = notes(r);
  return {
    operationId: r.name,
    summary: r.summary,
    // Only what the summary does not say: renderers show both, one under the other.
    ...(description ? { description } : {}),
    tags: [areaOf(r)],
    ...(r.method === 'GET' ? { parameters: parameters(r) } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(r),
    security: security(r),
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
        'basic plan. Unknown query parameters are refused by name. Sign in for a session token, or ' +
        'create an API key on your Profile page for scripts.',
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
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'tw_live_<43 characters>',
          description:
            'An API key from your Profile page, sent as `Authorization: Bearer tw_live_...`. It carries your ' +
            'plan as it is now; each key has a quota per minute and per UTC day (free 60 and 5,000, basic 300 ' +
            'and 100,000), reported in the RateLimit headers of every answer. Keys cannot call account routes.',
        },
      },
      headers: RATE_LIMIT_HEADERS,
      schemas: { Alert: ALERT_SCHEMA },
    },
  };
}
