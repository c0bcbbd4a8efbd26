import { describe, expect, it } from 'vitest';
import { webSocketRoutes, webSocketStageName } from '../lib/realtime.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

describe('WebSocket API', () => {
  const { template } = synth();
  const apis = template.findResources('AWS::ApiGatewayV2::Api') as Record<string, Resource>;
  const [wsApiId, wsApi] = Object.entries(apis).find(([, a]) => a.Properties?.ProtocolType === 'WEBSOCKET')!;
  const onWsApi = (r: Resource) => JSON.stringify(r.Properties?.ApiId) === JSON.stringify({ Ref: wsApiId });
  const routes = (Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[]).filter(onWsApi);
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
  const functionIdByModule = new Map(appFunctions(template).map((f) => [f.module, f.id]));

  it('routes messages by $request.body.action', () => {
    expect(wsApi.Properties?.RouteSelectionExpression).toBe('$request.body.action');
  });

  it.each(webSocketRoutes.map((r) => [r.routeKey, r.module] as const))('%s invokes %s', (routeKey, module) => {
    const route = routes.find((r) => r.Properties?.RouteKey === routeKey)!;
    expect(route).toBeDefined();
    const target = JSON.stringify(route.Properties?.Target);
    const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`))!;
    expect(integrations[integrationId]!.Properties?.IntegrationType).toBe('AWS_PROXY');
    expect(JSON.stringify(integrations[integrationId]!.Properties?.IntegrationUri)).toContain(
      `"${functionIdByModule.get(module)}"`,
    );
  });

  it('has exactly the three routes', () => {
    expect(routes.map((r) => r.Properties?.RouteKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
  });

  it('deploys one throttled stage named "ws" (the path CloudFront forwards)', () => {
    const stages = (Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as Resource[]).filter(onWsApi);
    expect(stages).toHaveLength(1);
    expect(webSocketStageName).toBe('ws');
    expect(stages[0]!.Properties).toMatchObject({ StageName: 'ws', AutoDeploy: true });
    const throttle = stages[0]!.Properties?.DefaultRouteSettings as {
      ThrottlingRateLimit: number;
      ThrottlingBurstLimit: number;
    };
    expect(throttle.ThrottlingRateLimit).toBeGreaterThan(0);
  });

  it('lets API Gateway invoke each WebSocket handler', () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')) as Resource[];
    for (const { module } of webSocketRoutes) {
      const fnId = functionIdByModule.get(module)!;
      const permission = permissions.find((p) => JSON.stringify(p.Properties?.FunctionName).includes(`"${fnId}"`));
      expect(permission?.Properties?.Principal).toBe('apigateway.amazonaws.com');
      expect(JSON.stringify(permission?.Properties?.SourceArn)).toContain(wsApiId);
    }
  });
});
