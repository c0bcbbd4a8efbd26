import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import { appFunctions, synth, type Resource } from './synth.ts';

const { template } = synth();

describe('HTTP API', () => {
  const routes = template.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>;
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
  const functionIdByModule = new Map(appFunctions(template).map((f) => [f.module, f.id]));

  it('has exactly one route per route-table entry', () => {
    const keys = Object.values(routes).map((r) => r.Properties?.RouteKey).sort();
    expect(keys).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());
  });

  it.each(routeList.map((r) => [`${r.method} ${r.path}`, r] as const))('%s invokes its own Lambda', (routeKey, route) => {
    const [, resource] = Object.entries(routes).find(([, r]) => r.Properties?.RouteKey === routeKey)!;
    const target = resource.Properties?.Target as { 'Fn::Join': [string, unknown[]] };
    const integrationId = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
    const integration = integrations[integrationId]!.Properties!;
    expect(integration.IntegrationType).toBe('AWS_PROXY');
    expect(integration.PayloadFormatVersion).toBe('2.0');
    const fnId = functionIdByModule.get(`http/${route.handler}`);
    expect(fnId).toBeDefined();
    expect(JSON.stringify(integration.IntegrationUri)).toContain(`"${fnId}"`);
  });

  it('mounts every route under /api', () => {
    for (const route of routeList) expect(route.path.startsWith('/api/')).toBe(true);
  });

  it('throttles the default stage and logs access', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as Resource;
    expect(stage.Properties?.StageName).toBe('$default');
    expect(stage.Properties?.AutoDeploy).toBe(true);
    const throttle = stage.Properties?.DefaultRouteSettings as { ThrottlingRateLimit: number; ThrottlingBurstLimit: number };
    expect(throttle.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(throttle.ThrottlingBurstLimit).toBeGreaterThanOrEqual(throttle.ThrottlingRateLimit);
    expect(stage.Properties?.AccessLogSettings).toBeDefined();
  });

  it('configures no CORS (same origin through CloudFront)', () => {
    const api = Object.values(template.findResources('AWS::ApiGatewayV2::Api'))[0] as Resource;
    expect(api.Properties?.CorsConfiguration).toBeUndefined();
  });
});
