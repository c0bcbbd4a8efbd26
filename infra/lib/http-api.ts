import { Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeList, type RouteDef, type RouteName } from '@tapewatch/shared/api/routes';
import type { ApiFunctionFactory } from './api-function-factory.ts';
import type { Identity } from './identity.ts';
import type { MarketDataSettings } from './market-data.ts';
import { apiFallbackEntry, apiFallbackModule, httpHandlerModule } from './paths.ts';
import type { StripeSettings } from './payments.ts';
import type { WebPushSettings } from './web-push.ts';

export interface HttpApiProps {
  factory: ApiFunctionFactory;
  /** Stage-wide limits; abuse protection per user lives in the handlers' rate limiter. */
  throttle?: { rateLimit: number; burstLimit: number };
  /** Cognito actions, SES and the checkout-ticket key, for the routes that declare them. */
  identity?: Identity;
  /** Stripe keys for the routes that declare the `stripe` secret. */
  stripe?: StripeSettings;
  /** The VAPID public key for the routes that declare `pushKey` (absent: browser push is off). */
  webPush?: WebPushSettings;
  /** Reserved concurrency of each function in functions/src/http/accounts (0 or unset: none). */
  accountConcurrency?: number;
  /** Provider keys of the routes that fetch from a vendor on request (live option chains). */
  marketData?: MarketDataSettings;
}

/** Routes that build emailed (mail) or Stripe redirect (stripe) links from APP_BASE_URL. */
export function buildsSiteLinks(route: Pick<RouteDef, 'mail' | 'secrets'>): boolean {
  return route.mail || route.secrets.includes('stripe');
}

type Route = { name: RouteName } & RouteDef;

/**
 * Routes that exist only to talk to Stripe: without a Stripe secret there is nothing they may
 * accept (issue 18: the webhook fell back to a public default signing secret, so anyone could sign
 * themselves a paid plan). Not deployed then; the request reaches $default, which answers 503.
 */
const stripeOnlyRoutes: ReadonlySet<RouteName> = new Set(['stripe_webhook']);

/** The route-table entries this deployment serves. */
export function deployedRoutes(stripeConfigured: boolean): Route[] {
  return routeList.filter((r) => stripeConfigured || !stripeOnlyRoutes.has(r.name));
}

/** Route handlers are grouped by their directory under functions/src/http ("flow/get-..." -> flow). */
export function routeArea(handler: string): string {
  return handler.split('/')[0]!;
}

/**
 * The nested stack of each area is named after it, except for areas renamed after their stack was
 * first deployed (issue 22's naming sweep): a nested stack's logical id must not change, or
 * CloudFormation would create the area's Lambdas and routes again beside the old ones (and fail on
 * the duplicate route keys). Factor analysis and signals were one `factors` area and share its stack.
 */
export const DEPLOYED_STACK_NAMES: Readonly<Record<string, string>> = {
  'dark-pools': 'Darkpools',
  'option-walls': 'Optionwalls',
  'factor-analysis': 'Factors',
  signals: 'Factors',
};

/** The construct id of an area's nested stack (its logical id in the parent stack derives from it). */
export function areaStackId(area: string): string {
  return `${DEPLOYED_STACK_NAMES[area] ?? pascal(area)}Routes`;
}

/**
 * HTTP API v2 with one Lambda per route-table entry. No CORS: browsers reach it through the
 * same CloudFront origin as the web app.
 *
 * A route costs seven resources (function, role, policy, log group, integration, permission,
 * route), so ~60 routes alone would break CloudFormation's 500-resource limit per stack: each
 * handler area (accounts, flow, ...) gets a nested stack of its own. Areas are stable, so adding a
 * route never moves another one between stacks (a route key can exist only once per API, and a
 * move would create it in one stack before deleting it from the other).
 */
export class TapewatchHttpApi extends Construct {
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<RouteName, LambdaFunction>;
  /** Answers unmatched method/path pairs with the app's 405/404 alert JSON. */
  readonly fallback: LambdaFunction;
  /** One nested stack per handler area, keyed by area. */
  /** The nested stacks by construct id (areaStackId). */
  readonly areaStacks: ReadonlyMap<string, NestedStack>;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    this.fallback = props.factory.create(this, 'Fallback', {
      kind: 'fallback',
      module: apiFallbackModule,
      entry: apiFallbackEntry,
      reads: [],
      writes: [],
      description: '$default: 405/404 alert JSON for unmatched /api requests',
      memorySize: 512,
      timeout: Duration.seconds(10),
    });
    this.api = new HttpApi(this, 'Api', {
      apiName: `${Stack.of(this).stackName}-http`,
      description: 'Tapewatch /api routes (one Lambda per route-table entry)',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('FallbackIntegration', this.fallback),
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.TWO_WEEKS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });

    const functions = new Map<RouteName, LambdaFunction>();
    const areaStacks = new Map<string, NestedStack>();
    const stackFor = (area: string): NestedStack => {
      const id = areaStackId(area);
      let stack = areaStacks.get(id);
      if (!stack) {
        const areas = Object.keys(DEPLOYED_STACK_NAMES).filter((a) => areaStackId(a) === id);
        const dirs = (areas.length > 0 ? areas : [area]).map((a) => `functions/src/http/${a}`).join(' and ');
        stack = new NestedStack(this, id, { description: `Tapewatch /api routes of ${dirs}` });
        areaStacks.set(id, stack);
      }
      return stack;
    };
    for (const route of deployedRoutes(Boolean(props.stripe))) {
      const scope = stackFor(routeArea(route.handler));
      const id = pascal(route.name);
      const fn = props.factory.create(scope, id, {
        kind: 'http',
        module: httpHandlerModule(route.handler),
        reads: route.reads,
        writes: route.writes,
        keyUsage: route.acceptsKey,
        description: `${route.method} ${route.path} (${route.auth})`,
        // The http wrapper checks the origin-verify header on every request.
        checksOrigin: true,
        secretsExtension: route.secrets.length > 0 || (props.marketData?.routeSecrets(route.name).length ?? 0) > 0,
        // Account routes are what floods target (sign-up, login, reset): each gets its own share.
        reservedConcurrency: routeArea(route.handler) === 'accounts' ? props.accountConcurrency : undefined,
      });
      grantDeclaredNeeds(fn, route, props);
      new HttpRoute(scope, `${id}Route`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(route.path, toHttpMethod(route)),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
      });
      functions.set(route.name, fn);
    }
    this.areaStacks = areaStacks;
    this.functions = functions;
  }
}

/** What the route's entry declares beyond tables (Cognito actions, mail, secrets), and nothing else. */
function grantDeclaredNeeds(fn: LambdaFunction, route: Route, props: HttpApiProps): void {
  if (route.secrets.includes('stripe')) props.stripe?.configure(fn);
  if (route.secrets.includes('checkoutTicket')) props.identity?.grantCheckoutTicket(fn);
  if (route.secrets.includes('alertLink')) props.identity?.grantAlertLink(fn);
  props.identity?.grantCognito(fn, route.cognito);
  if (route.mail) props.identity?.grantMail(fn);
  if (route.pushKey) props.webPush?.configurePublicKey(fn);
  props.marketData?.configure(fn, props.marketData.routeSecrets(route.name));
}

function toHttpMethod(route: Route): HttpMethod {
  return route.method === 'GET' ? HttpMethod.GET : HttpMethod.POST;
}

/** get_app_info -> GetAppInfo: stable construct ids derived from the route name. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
