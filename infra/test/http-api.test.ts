import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { handler as apiFallback } from '../lambda/api-fallback.ts';
import { areaStackId, deployedRoutes, routeArea } from '../lib/http-api.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

const { template } = synth();

describe('HTTP API', () => {
  const httpApiId = Object.entries(template.findResources('AWS::ApiGatewayV2::Api')).find(
    ([, a]) => a.Properties?.ProtocolType === 'HTTP',
  )![0];
  const routes = Object.fromEntries(
    Object.entries(template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>).filter(
      ([, r]) => JSON.stringify(r.Properties?.ApiId) === JSON.stringify({ Ref: httpApiId }),
    ),
  );
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
  const functionIdByModule = new Map(appFunctions(template).map((f) => [f.module, f.id]));

  const integrationOf = (routeKey: string) => {
    const [, resource] = Object.entries(routes).find(([, r]) => r.Properties?.RouteKey === routeKey)!;
    const target = resource.Properties?.Target as { 'Fn::Join': [string, unknown[]] };
    const integrationId = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
    return { route: resource, integration: integrations[integrationId]!.Properties! };
  };

  it('has exactly one route per route-table entry, plus the $default fallback (the Stripe webhook only with Stripe)', () => {
    const keys = Object.values(routes)
      .map((r) => r.Properties?.RouteKey)
      .sort();
    const withoutStripe = routeList.filter((r) => r.name !== 'stripe_webhook');
    expect(keys).toEqual([...withoutStripe.map((r) => `${r.method} ${r.path}`), '$default'].sort());
    const withStripe = synth({ config: { stripePriceId: 'price_123' } }).template;
    const stripeKeys = Object.values(
      withStripe.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>,
    ).map((r) => r.Properties?.RouteKey);
    expect(stripeKeys).toContain('POST /api/stripe_webhook');
  });

  // Issue 18: without Stripe the webhook verified events with a public default secret, so anyone
  // could sign checkout.session.completed for themselves. A deployment without Stripe has no
  // webhook function at all; the request reaches $default, which refuses it.
  it('creates no webhook function without Stripe, and $default answers its POST 503', async () => {
    expect(appFunctions(template).map((f) => f.module)).not.toContain('http/payments/stripe-webhook');
    const event = {
      rawPath: '/api/stripe_webhook',
      requestContext: { http: { method: 'POST', path: '/api/stripe_webhook' } },
    } as unknown as APIGatewayProxyEventV2;
    const answer = await apiFallback(event);
    expect(answer.statusCode).toBe(503);
    expect(JSON.parse(answer.body!)).toMatchObject({
      alert_show: true,
      alert_message: expect.stringMatching(/not available on this deployment/),
    });
  });

  it.each(deployedRoutes(false).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s invokes its own Lambda',
    (routeKey, route) => {
      const { integration, route: resource } = integrationOf(routeKey);
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      const fnId = functionIdByModule.get(`http/${route.handler}`);
      expect(fnId).toBeDefined();
      expect(JSON.stringify(integration.IntegrationUri)).toContain(`"${fnId}"`);
      // Authentication (public/user/subscriber) is the handler's: the route table's level is checked in
      // functions/src/lib/http.ts against the token, so API Gateway adds no authorizer of its own.
      expect(resource.Properties?.AuthorizationType ?? 'NONE').toBe('NONE');
      const fn = appFunctions(template).find((f) => f.id === fnId)!;
      expect(fn.resource.Properties?.Description).toBe(`${route.method} ${route.path} (${route.auth})`);
    },
  );

  it('sends unmatched requests ($default) to the fallback that answers the 405/404 alert', () => {
    const { integration } = integrationOf('$default');
    expect(JSON.stringify(integration.IntegrationUri)).toContain(`"${functionIdByModule.get('infra/api-fallback')}"`);
  });

  it('mounts every route under /api', () => {
    for (const route of routeList) expect(route.path.startsWith('/api/')).toBe(true);
  });

  it('throttles the default stage and logs access', () => {
    const stages = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as Resource[];
    const stage = stages.find((s) => JSON.stringify(s.Properties?.ApiId) === JSON.stringify({ Ref: httpApiId }))!;
    expect(stage.Properties?.StageName).toBe('$default');
    expect(stage.Properties?.AutoDeploy).toBe(true);
    const throttle = stage.Properties?.DefaultRouteSettings as {
      ThrottlingRateLimit: number;
      ThrottlingBurstLimit: number;
    };
    expect(throttle.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(throttle.ThrottlingBurstLimit).toBeGreaterThanOrEqual(throttle.ThrottlingRateLimit);
    expect(stage.Properties?.AccessLogSettings).toBeDefined();
  });

  it('reserves concurrency for each account function, so a flood of one route cannot starve the rest (nor they it)', () => {
    for (const f of appFunctions(template)) {
      const reserved = f.resource.Properties?.ReservedConcurrentExecutions;
      expect(reserved, f.module).toBe(f.module.startsWith('http/accounts/') ? 10 : undefined);
    }
    const off = appFunctions(synth({ config: { accountReservedConcurrency: '0' } }).template);
    expect(off.filter((f) => f.resource.Properties?.ReservedConcurrentExecutions !== undefined)).toEqual([]);
  });

  it('configures no CORS (same origin through CloudFront)', () => {
    const api = template.findResources('AWS::ApiGatewayV2::Api')[httpApiId] as Resource;
    expect(api.Properties?.CorsConfiguration).toBeUndefined();
  });
});

// Issue 22 renamed handler folders (darkpools -> dark-pools, optionwalls -> option-walls, factors ->
// factor-analysis + signals). A nested stack's logical id comes from its construct id: a new id would
// make CloudFormation create the area's Lambdas and routes a second time, so the deployed ids stay.
describe('route nested stacks', () => {
  it.each([
    ['dark-pools', 'DarkpoolsRoutes'],
    ['option-walls', 'OptionwallsRoutes'],
    ['factor-analysis', 'FactorsRoutes'],
    ['signals', 'FactorsRoutes'],
    ['short-interest', 'ShortInterestRoutes'],
    ['accounts', 'AccountsRoutes'],
  ])('area %s keeps the nested stack id %s', (area, id) => {
    expect(areaStackId(area)).toBe(id);
  });

  it('puts the signals and factor analysis routes in the one stack they were deployed in', () => {
    const ids = new Set(
      deployedRoutes(false)
        .filter((r) => ['signals', 'factor-analysis'].includes(routeArea(r.handler)))
        .map((r) => areaStackId(routeArea(r.handler))),
    );
    expect([...ids]).toEqual(['FactorsRoutes']);
  });
});
