import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import { createStacks } from '../lib/app-stacks.ts';
import { parseDeployConfig } from '../lib/config.ts';
import { accountRoutePaths, perIpLimits } from '../lib/edge-protection.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

const rulesOf = (acl: Resource) =>
  acl.Properties?.Rules as Array<{
    Name: string;
    Action: unknown;
    Statement: { RateBasedStatement: Record<string, any> };
  }>;

describe('WAF web ACL at the edge', () => {
  const { template } = synth();
  const acls = Object.entries(template.findResources('AWS::WAFv2::WebACL')) as Array<[string, Resource]>;

  it('is a CloudFront-scoped web ACL attached to the distribution (the stack is in us-east-1 here)', () => {
    expect(acls).toHaveLength(1);
    const [aclId, acl] = acls[0]!;
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource;
    expect((distribution.Properties?.DistributionConfig as { WebACLId: unknown }).WebACLId).toEqual({
      'Fn::GetAtt': [aclId, 'Arn'],
    });
  });

  it('blocks an IP over its rate: every request, and a tighter limit on the account routes', () => {
    const rules = rulesOf(acls[0]![1]);
    const all = rules.find((r) => r.Name === 'PerIp')!;
    expect(all.Action).toEqual({ Block: {} });
    expect(all.Statement.RateBasedStatement).toEqual({
      AggregateKeyType: 'IP',
      Limit: perIpLimits.all,
      EvaluationWindowSec: 300,
    });
    const accounts = rules.find((r) => r.Name === 'AccountRoutesPerIp')!;
    expect(accounts.Action).toEqual({ Block: {} });
    expect(accounts.Statement.RateBasedStatement).toMatchObject({
      AggregateKeyType: 'IP',
      Limit: perIpLimits.accounts,
      EvaluationWindowSec: 300,
    });
    expect(perIpLimits.accounts).toBeLessThan(perIpLimits.all);
    const paths = JSON.stringify(accounts.Statement.RateBasedStatement.ScopeDownStatement);
    for (const path of accountRoutePaths()) expect(paths).toContain(`"${path}"`);
  });

  it('counts as account routes those that call Cognito or send mail (sign-up, login, reset...)', () => {
    expect(accountRoutePaths()).toEqual(routeList.filter((r) => r.cognito.length > 0 || r.mail).map((r) => r.path));
    expect(accountRoutePaths()).toEqual(
      expect.arrayContaining(['/api/submit_login', '/api/submit_signup', '/api/reset_password']),
    );
  });
});

describe('the web ACL outside us-east-1', () => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const { main, edge } = createStacks(app, {
    config: parseDeployConfig({ stage: 'dev' }),
    account: '123456789012',
    region: 'eu-west-1',
    stubMissingHandlers: true,
  });

  it('lives in a stack of its own in us-east-1 (CloudFront-scoped ACLs exist only there)', () => {
    expect(edge).toBeDefined();
    expect(edge!.region).toBe('us-east-1');
    expect(edge!.stackName).toBe('Tapewatch-dev-edge');
    Template.fromStack(edge!).hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });
    expect(Stack.of(main).region).toBe('eu-west-1');
    Template.fromStack(main).resourceCountIs('AWS::WAFv2::WebACL', 0);
  });

  it('is still attached to the distribution (a cross-region reference)', () => {
    const distribution = Object.values(
      Template.fromStack(main).findResources('AWS::CloudFront::Distribution'),
    )[0] as Resource;
    const webAclId = JSON.stringify((distribution.Properties?.DistributionConfig as { WebACLId: unknown }).WebACLId);
    expect(webAclId).toBeDefined();
    expect(webAclId).not.toBe('undefined');
  });

  it('in us-east-1 needs no second stack', () => {
    const same = createStacks(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), {
      config: parseDeployConfig({ stage: 'dev' }),
      account: '123456789012',
      region: 'us-east-1',
      stubMissingHandlers: true,
    });
    expect(same.edge).toBeUndefined();
    expect(appFunctions(Template.fromStack(same.main)).length).toBeGreaterThan(0);
  });
});
