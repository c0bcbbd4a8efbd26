import { describe, expect, it } from 'vitest';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { tableList } from '@tapewatch/functions/data/tables';
import { deployedRoutes } from '../lib/http-api.ts';
import { webSocketRoutes } from '../lib/realtime.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

const { template } = synth();
const functions = appFunctions(template);

describe('Lambda functions', () => {
  it('has exactly one function per route, per schedule, per WebSocket route, plus the /api fallback', () => {
    // Without Stripe configured (this synth) the Stripe webhook is not deployed (http-api.test.ts).
    expect(functions.filter((f) => f.kind === 'http')).toHaveLength(deployedRoutes(false).length);
    expect(functions.filter((f) => f.kind === 'job')).toHaveLength(schedules.length);
    expect(functions.filter((f) => f.kind === 'ws')).toHaveLength(3);
    expect(functions.filter((f) => f.kind === 'fallback')).toHaveLength(1);
    expect(functions).toHaveLength(deployedRoutes(false).length + schedules.length + 3 + 1);
  });

  it('builds each function from the handler module its table entry names', () => {
    const modules = functions.map((f) => f.module).sort();
    const expected = [
      ...deployedRoutes(false).map((r) => `http/${r.handler}`),
      ...schedules.map((s) => s.handler),
      ...webSocketRoutes.map((r) => r.module),
      'infra/api-fallback',
    ].sort();
    expect(modules).toEqual(expected);
  });

  it('uses the shared runtime settings for every function', () => {
    for (const { resource } of functions) {
      const p = resource.Properties as Record<string, unknown>;
      expect(p.Runtime).toBe('nodejs22.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Handler).toBe('index.handler');
      expect(p.MemorySize).toBeGreaterThanOrEqual(512);
      expect(p.LoggingConfig).toEqual({ LogGroup: { Ref: expect.any(String) } });
    }
  });

  it('keeps request handlers at 512 MB within API Gateway’s 30 s limit', () => {
    for (const { resource } of functions.filter((f) => f.kind !== 'job')) {
      expect(resource.Properties?.MemorySize).toBe(512);
      expect(resource.Properties?.Timeout).toBeGreaterThanOrEqual(10);
      expect(resource.Properties?.Timeout).toBeLessThanOrEqual(30);
    }
  });

  it('passes every table name and source-map support through the environment', () => {
    for (const { resource } of functions) {
      const vars = (resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(vars.NODE_OPTIONS).toBe('--enable-source-maps');
      for (const table of tableList) expect(vars[table.envVar]).toEqual({ Ref: expect.any(String) });
    }
  });

  it('keeps function logs for two weeks', () => {
    const logGroupIds = functions.map(
      (f) => (f.resource.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref,
    );
    const logGroups = template.findResources('AWS::Logs::LogGroup') as Record<string, Resource>;
    for (const id of logGroupIds) expect(logGroups[id]?.Properties?.RetentionInDays).toBe(14);
  });

  it('gives each function a role of its own, with no managed policy, that may write only to its own log group', () => {
    const roles = template.findResources('AWS::IAM::Role') as Record<string, Resource>;
    const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[];
    const roleIds = new Set<string>();
    for (const { module, resource } of functions) {
      const roleId = (resource.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      roleIds.add(roleId);
      const role = roles[roleId]!.Properties!;
      expect(role.ManagedPolicyArns, module).toBeUndefined();
      expect(JSON.stringify(role.AssumeRolePolicyDocument)).toContain('lambda.amazonaws.com');
      const logGroup = (resource.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logStatements = policies
        .filter((p) => JSON.stringify(p.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]))
        .flatMap(
          (p) =>
            (p.Properties?.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> })
              .Statement,
        )
        .filter((st) => JSON.stringify(st.Action).includes('logs:'));
      expect(logStatements, module).toEqual([
        expect.objectContaining({
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logGroup, 'Arn'] },
        }),
      ]);
    }
    expect(roleIds.size).toBe(functions.length);
  });
});
