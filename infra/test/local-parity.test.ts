import { schedules } from '@tapewatch/functions/platform/schedules';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { tableList } from '@tapewatch/functions/data/tables';
import { findRoute, routeList } from '@tapewatch/shared/api/routes';
import { handleApi } from '../../scripts/local/api-router.ts';
import { createTableInput } from '../../scripts/local/dynamo.ts';
import { startSchedules } from '../../scripts/local/scheduler.ts';
import { handler as apiFallback } from '../lambda/api-fallback.ts';
import { deployedRoutes } from '../lib/http-api.ts';
import { unixCronToCronOptions } from '../lib/cron.ts';
import { webSocketRoutes } from '../lib/realtime.ts';
import { appFunctions, synth, tableIds, type Resource } from './synth.ts';

/**
 * The local runtime (scripts/local) and the CDK app must serve the same API: the same routes to
 * the same handler modules, the same unmatched-request answers, the same tables and indexes, the
 * same WebSocket handlers and the same schedules.
 */
const { template } = synth();
const functions = appFunctions(template);
const moduleById = new Map(functions.map((f) => [f.id, f.module]));

function cdkHttpRoutes(): Map<string, string> {
  const apis = template.findResources('AWS::ApiGatewayV2::Api') as Record<string, Resource>;
  const httpApiId = Object.keys(apis).find((id) => apis[id]!.Properties?.ProtocolType === 'HTTP')!;
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>;
  const result = new Map<string, string>();
  for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[]) {
    if (JSON.stringify(route.Properties?.ApiId) !== JSON.stringify({ Ref: httpApiId })) continue;
    const target = JSON.stringify(route.Properties?.Target);
    const integration = Object.entries(integrations).find(([id]) => target.includes(`"${id}"`))![1];
    const uri = JSON.stringify(integration.Properties?.IntegrationUri);
    const fnId = [...moduleById.keys()].find((id) => uri.includes(`"${id}"`))!;
    result.set(route.Properties?.RouteKey as string, moduleById.get(fnId)!);
  }
  return result;
}

/** What the local runtime answers for a request, without a server: handleApi on stand-in objects. */
async function localAnswer(method: string, path: string): Promise<{ status: number; body: unknown }> {
  let status = 0;
  let text = '';
  const res = {
    writeHead: (s: number) => {
      status = s;
      return res;
    },
    end: (t?: string) => {
      text = t ?? '';
    },
  };
  await handleApi(
    { method, headers: {} } as IncomingMessage,
    res as unknown as ServerResponse,
    new URL(`http://localhost${path}`),
  );
  return { status, body: JSON.parse(text) };
}

async function awsFallbackAnswer(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const event = { rawPath: path, requestContext: { http: { method, path } } } as unknown as APIGatewayProxyEventV2;
  const result = await apiFallback(event);
  return { status: result.statusCode!, body: JSON.parse(result.body!) };
}

describe('local runtime and CDK app mount the same API', () => {
  const cdk = cdkHttpRoutes();

  it('routes every method and path to the same handler module', () => {
    const cdkKeys = [...cdk.keys()].filter((k) => k !== '$default').sort();
    // The Stripe webhook only exists with Stripe configured (this synth has none; http-api.test.ts).
    expect(cdkKeys).toEqual(
      deployedRoutes(false)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    for (const key of cdkKeys) {
      const [method, path] = key.split(' ') as [string, string];
      const local = findRoute(method, path);
      expect(local, key).toBeDefined();
      expect(`http/${local!.handler}`).toBe(cdk.get(key));
    }
  });

  it.each([
    ['GET', routeList.find((r) => r.method === 'POST')!.path],
    ['POST', routeList.find((r) => r.method === 'GET')!.path],
    ['GET', '/api/no_such_endpoint'],
    ['DELETE', routeList[0]!.path],
  ])('answers an unmatched %s %s with the same status and alert', async (method, path) => {
    expect(cdk.get('$default')).toBe('infra/api-fallback');
    const local = await localAnswer(method, path);
    const aws = await awsFallbackAnswer(method, path);
    expect(aws).toEqual(local);
    expect([404, 405]).toContain(aws.status);
    expect(aws.body).toMatchObject({ alert_show: true });
  });

  it('creates the same tables with the same keys and indexes', () => {
    const ids = tableIds(template);
    const cdkTables = template.findResources('AWS::DynamoDB::Table') as Record<string, Resource>;
    expect(Object.keys(ids).sort()).toEqual(tableList.map((t) => t.name).sort());
    for (const def of tableList) {
      const local = createTableInput(def);
      const aws = cdkTables[ids[def.name]!]!.Properties!;
      expect(aws.KeySchema).toEqual(local.KeySchema);
      expect(aws.BillingMode).toBe(local.BillingMode);
      const attrs = (a: unknown) =>
        [...(a as Array<{ AttributeName: string; AttributeType: string }>)].sort((x, y) =>
          x.AttributeName.localeCompare(y.AttributeName),
        );
      expect(attrs(aws.AttributeDefinitions)).toEqual(attrs(local.AttributeDefinitions));
      const gsis = (g: unknown) =>
        ((g ?? []) as Array<{ IndexName: string; KeySchema: unknown; Projection: unknown }>).map((i) => ({
          IndexName: i.IndexName,
          KeySchema: i.KeySchema,
          Projection: i.Projection,
        }));
      expect(gsis(aws.GlobalSecondaryIndexes)).toEqual(gsis(local.GlobalSecondaryIndexes));
    }
  });

  it('runs the same WebSocket handlers', () => {
    // scripts/local/websocket.ts loads its handlers by module name; the names are the contract.
    const source = readFileSync(new URL('../../scripts/local/websocket.ts', import.meta.url), 'utf8');
    const localModules = new Set(source.match(/'ws\/(connect|disconnect|default)'/g)!.map((s) => s.slice(1, -1)));
    expect([...localModules].sort()).toEqual(webSocketRoutes.map((r) => r.module).sort());
  });

  describe('schedules', () => {
    const local = startSchedules(() => undefined);
    afterAll(() => local.stop());

    it('runs the same jobs at the same New York times (but the AWS-only live poller, which the local flow player replaces)', () => {
      const awsOnly = new Set(schedules.filter((s) => s.awsOnly).map((s) => s.handler));
      expect(awsOnly).toEqual(new Set(['jobs/flow-live-poll']));
      const schedulesInCdk = (Object.values(template.findResources('AWS::Scheduler::Schedule')) as Resource[])
        .map((s) => {
          const target = JSON.stringify(s.Properties?.Target);
          const fnId = [...moduleById.keys()].find((id) => target.includes(`"${id}"`))!;
          return `${moduleById.get(fnId)} ${s.Properties?.ScheduleExpression} ${s.Properties?.ScheduleExpressionTimezone}`;
        })
        .filter((line) => !awsOnly.has(line.split(' ')[0]!));
      const schedulesLocal = local.jobs.map((job) => {
        const o = unixCronToCronOptions(job.getPattern()!);
        const handler = functions.find(
          (f) => f.kind === 'job' && f.resource.Properties?.Description?.toString().startsWith(`Job ${job.name}:`),
        )!.module;
        return `${handler} cron(${o.minute} ${o.hour} ${o.day ?? '?'} ${o.month} ${o.weekDay ?? '?'} *) ${job.options.timezone}`;
      });
      expect(schedulesLocal.sort()).toEqual(schedulesInCdk.sort());
    });
  });
});
