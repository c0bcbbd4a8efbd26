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
    const scope = accounts.Statement.RateBasedStatement.ScopeDownStatement as WafStatement;
    for (const path of accountRoutePaths()) expect(wafMatches(scope, path), path).toBe(true);
  });

  it('the account rule matches the normalised path: a trailing slash, another case or an encoded path counts too', () => {
    const accounts = rulesOf(acls[0]![1]).find((r) => r.Name === 'AccountRoutesPerIp')!;
    const scope = accounts.Statement.RateBasedStatement.ScopeDownStatement as WafStatement;
    const login = '/api/submit_login';
    const evasions = [
      login,
      `${login}/`,
      `${login}//`,
      '/api/SUBMIT_LOGIN',
      '/api/submit%5Flogin',
      '/api/%73ubmit_login',
      '/api/submit_login%2F',
      '//api//submit_login',
      '/api/./submit_login',
    ];
    for (const path of evasions) expect(wafMatches(scope, path), path).toBe(true);
    for (const path of ['/api/get_ticker_info', '/api/submit_logout', '/api/submit_loginx', '/']) {
      expect(wafMatches(scope, path), path).toBe(accountRoutePaths().includes(path));
    }
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

type WafStatement = Record<string, any>;

/** WAF's text transformations used here, as AWS documents them (others fail the test). */
function transform(value: string, type: string): string {
  switch (type) {
    case 'NONE':
      return value;
    case 'URL_DECODE':
      return value.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    case 'LOWERCASE':
      return value.toLowerCase();
    case 'NORMALIZE_PATH': {
      // Multiple slashes, "./" self-references and "dir/../" back-references (not at the start) are removed.
      let v = value.replace(/\/{2,}/g, '/').replace(/\/(\.\/)+/g, '/');
      for (let prev = ''; prev !== v; ) {
        prev = v;
        v = v.replace(/\/[^/]+\/\.\.(?=\/|$)/, '');
      }
      return v;
    }
    default:
      throw new Error(`transformation ${type} not simulated`);
  }
}

/** Evaluates a WAF match statement over a URI path (byte match, regex match, or, and), enough for this ACL. */
function wafMatches(statement: WafStatement, uriPath: string): boolean {
  if (statement.OrStatement) return statement.OrStatement.Statements.some((s: WafStatement) => wafMatches(s, uriPath));
  if (statement.AndStatement)
    return statement.AndStatement.Statements.every((s: WafStatement) => wafMatches(s, uriPath));
  const match = statement.ByteMatchStatement ?? statement.RegexMatchStatement;
  if (!match) throw new Error(`statement not simulated: ${Object.keys(statement).join(',')}`);
  expect(match.FieldToMatch).toEqual({ UriPath: {} });
  const value = [...match.TextTransformations]
    .sort((a: { Priority: number }, b: { Priority: number }) => a.Priority - b.Priority)
    .reduce((v: string, t: { Type: string }) => transform(v, t.Type), uriPath);
  if (statement.RegexMatchStatement) return new RegExp(match.RegexString).test(value);
  const search = match.SearchString as string;
  switch (match.PositionalConstraint) {
    case 'EXACTLY':
      return value === search;
    case 'STARTS_WITH':
      return value.startsWith(search);
    case 'CONTAINS':
      return value.includes(search);
    default:
      throw new Error(`positional constraint ${match.PositionalConstraint} not simulated`);
  }
}
