import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import type { TableName } from '@tapewatch/shared/api/routes';
import { routeList } from '@tapewatch/shared/api/routes';
import { schedules } from '@tapewatch/functions/jobs/schedules';
import { webSocketRoutes } from '../lib/realtime.ts';
import { fanoutJobs } from '../lib/schedules.ts';
import { appFunctions, fakeWebDist, synth, tableIds, type Resource } from './synth.ts';

const { template } = synth();
const tables = tableIds(template);
const policies = template.findResources('AWS::IAM::Policy') as Record<string, Resource>;

const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const readActions = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];

type Statement = { Action: string | string[]; Effect: string; Resource: unknown };

/** Every statement of every inline policy attached to a function's execution role. */
function statementsFor(fn: Resource): Statement[] {
  const roleId = (fn.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return Object.values(policies)
    .filter((p) => JSON.stringify(p.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** Actions granted per table, recognising table and index ARNs by the table's logical id. */
function actionsByTable(statements: Statement[]): Map<TableName, Set<string>> {
  const result = new Map<TableName, Set<string>>();
  for (const statement of statements) {
    const resources = JSON.stringify(statement.Resource);
    const actions = ([] as string[]).concat(statement.Action);
    const matched = Object.entries(tables).filter(([, id]) => resources.includes(`"${id}"`));
    // A statement that names no table would be a grant outside the table model.
    expect(matched, `statement on ${resources}`).not.toHaveLength(0);
    for (const [name] of matched) {
      const set = result.get(name as TableName) ?? new Set<string>();
      actions.forEach((a) => set.add(a));
      result.set(name as TableName, set);
    }
  }
  return result;
}

const accessByModule = new Map<string, { reads: readonly TableName[]; writes: readonly TableName[] }>([
  ...routeList.map((r) => [`http/${r.handler}`, r] as const),
  ...schedules.map((s) => [s.handler, s] as const),
  ...webSocketRoutes.map((r) => [r.module, { reads: ['app'], writes: ['app'] }] as const),
  ['infra/api-fallback', { reads: [], writes: [] }],
]);

/** Functions that post to WebSocket connections: the fan-out jobs and $default (pong). */
const fanoutModules = new Set([...fanoutJobs.map((name) => schedules.find((s) => s.name === name)!.handler), 'ws/default']);

const actionsOf = (s: Statement) => ([] as string[]).concat(s.Action);

describe('least-privilege IAM', () => {
  const functions = appFunctions(template);

  it.each(functions.map((f) => [f.module, f] as const))('%s gets only its declared table access', (module, fn) => {
    const access = accessByModule.get(module)!;
    const all = statementsFor(fn.resource);
    // Account handlers alone also call Cognito (admin actions on the one pool) and SES.
    const identity = all.filter((s) => ([] as string[]).concat(s.Action).every((a) => /^(cognito-idp:Admin\w+|ses:SendEmail)$/.test(a)));
    if (!module.startsWith('http/accounts/')) expect(identity).toEqual([]);
    for (const s of identity.filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('cognito-idp:')))) {
      expect(JSON.stringify(s.Resource)).toContain('IdentityUsers');
    }
    const realtime = all.filter((s) => actionsOf(s).every((a) => a === 'execute-api:ManageConnections'));
    expect(realtime.length > 0, `${module} may post to connections`).toBe(fanoutModules.has(module));
    for (const s of realtime) {
      // Only the "ws" stage's Management API of this app's WebSocket API.
      const resource = JSON.stringify(s.Resource);
      expect(resource).toContain('RealtimeApi');
      expect(resource).toContain('/ws/*/@connections/*');
    }
    // Logging: its own log group only (no AWSLambdaBasicExecutionRole, whose logs:* covers every group).
    const logging = all.filter((s) => actionsOf(s).every((a) => a.startsWith('logs:')));
    const ownLogGroup = (fn.resource.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(logging).toHaveLength(1);
    expect(actionsOf(logging[0]!).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(logging[0]!.Resource).toEqual({ 'Fn::GetAtt': [ownLogGroup, 'Arn'] });
    const statements = all.filter((s) => !identity.includes(s) && !realtime.includes(s) && !logging.includes(s));
    for (const s of statements) {
      expect(s.Effect).toBe('Allow');
      for (const action of ([] as string[]).concat(s.Action)) expect(action).toMatch(/^dynamodb:/);
    }
    const granted = actionsByTable(statements);
    const declared = new Set<TableName>([...access.reads, ...access.writes]);
    expect([...granted.keys()].sort()).toEqual([...declared].sort());
    for (const [table, actions] of granted) {
      for (const action of readActions) expect(actions).toContain(action);
      const mayWrite = access.writes.includes(table);
      for (const action of writeActions) {
        expect(actions.has(action), `${module} ${action} on ${table}`).toBe(mayWrite);
      }
      expect(actions.has('dynamodb:*')).toBe(false);
    }
  });

  it('lets the account handlers sign users up, in and out (Cognito admin on the pool) and send mail', () => {
    const accounts = functions.filter((f) => f.module.startsWith('http/accounts/'));
    expect(accounts.length).toBe(11);
    for (const fn of accounts) {
      const actions = statementsFor(fn.resource).flatMap((s) => ([] as string[]).concat(s.Action));
      expect(actions).toEqual(expect.arrayContaining(['cognito-idp:AdminInitiateAuth', 'cognito-idp:AdminDeleteUser', 'ses:SendEmail']));
      expect(actions.some((a) => a === 'cognito-idp:*' || a === 'ses:*')).toBe(false);
    }
  });

  it('gives read-only routes no write actions at all', () => {
    const readOnly = functions.filter((f) => accessByModule.get(f.module)!.writes.length === 0);
    expect(readOnly.length).toBeGreaterThan(0);
    for (const fn of readOnly) {
      const all = statementsFor(fn.resource).flatMap((s) => ([] as string[]).concat(s.Action));
      for (const action of writeActions) expect(all).not.toContain(action);
    }
  });
});

function wildcardResources(docs: Array<{ where: string; statements: Statement[] }>): string[] {
  return docs.flatMap((d) =>
    d.statements.filter((s) => ([] as unknown[]).concat(s.Resource).includes('*')).map((s) => `${d.where}: ${actionsOf(s).join(',')}`),
  );
}

describe('resources in IAM statements', () => {
  const configured = synth({
    webDistDir: fakeWebDist(),
    config: {
      stripePriceId: 'price_123',
      alarmEmail: 'ops@example.com',
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
    },
  }).template;

  /** Every policy document in the template: AWS::IAM::Policy, inline Policies of roles, customer managed policies. */
  function documents(t: Pick<typeof configured, 'findResources'>): Array<{ where: string; statements: Statement[] }> {
    const docs: Array<{ where: string; statements: Statement[] }> = [];
    const push = (where: string, doc: unknown) => docs.push({ where, statements: ([] as Statement[]).concat((doc as { Statement: Statement[] }).Statement) });
    for (const [id, p] of Object.entries(t.findResources('AWS::IAM::Policy') as Record<string, Resource>)) push(id, p.Properties?.PolicyDocument);
    for (const [id, p] of Object.entries(t.findResources('AWS::IAM::ManagedPolicy') as Record<string, Resource>)) push(id, p.Properties?.PolicyDocument);
    for (const [id, role] of Object.entries(t.findResources('AWS::IAM::Role') as Record<string, Resource>)) {
      for (const inline of (role.Properties?.Policies ?? []) as Array<{ PolicyName: string; PolicyDocument: unknown }>) push(`${id}/${inline.PolicyName}`, inline.PolicyDocument);
    }
    return docs;
  }

  it('name a specific ARN in every statement of every policy, CDK helpers included (no bare "*")', () => {
    const docs = documents(configured);
    // The scan reaches the CDK helpers' grants (the web deployment's invalidation, its bucket access).
    expect(JSON.stringify(docs)).toContain('cloudfront:CreateInvalidation');
    expect(wildcardResources(docs)).toEqual([]);
  });

  it('would catch a "*" resource in an inline role policy or a managed policy', () => {
    const statement = { Effect: 'Allow', Action: 'logs:PutLogEvents', Resource: '*' };
    const fake = Template.fromJSON({
      Resources: {
        InlineRole: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: {}, Policies: [{ PolicyName: 'p', PolicyDocument: { Statement: [statement] } }] } },
        Managed: { Type: 'AWS::IAM::ManagedPolicy', Properties: { PolicyDocument: { Statement: [statement] } } },
      },
    });
    expect(wildcardResources(documents(fake)).sort()).toEqual(['InlineRole/p: logs:PutLogEvents', 'Managed: logs:PutLogEvents']);
  });

  it('gives function roles no managed policies (AWSLambdaBasicExecutionRole grants logs:* on every group)', () => {
    const roles = configured.findResources('AWS::IAM::Role') as Record<string, Resource>;
    for (const { module, resource } of appFunctions(configured)) {
      const roleId = (resource.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(roles[roleId]?.Properties?.ManagedPolicyArns, module).toBeUndefined();
    }
  });

  it('allows no wildcard actions beyond the read/write grants CDK spells out (no "service:*")', () => {
    const offenders = documents(configured).flatMap((d) =>
      d.statements.flatMap((s) => actionsOf(s).filter((a) => a === '*' || /^[a-z0-9-]+:\*$/.test(a)).map((a) => `${d.where}: ${a}`)),
    );
    expect(offenders).toEqual([]);
  });

  it('give the fan-out functions the Management endpoint of the "ws" stage', () => {
    const functions = appFunctions(template);
    const withEndpoint = functions.filter((f) => (f.resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.WS_MANAGEMENT_ENDPOINT);
    expect(withEndpoint.map((f) => f.module).sort()).toEqual([...fanoutModules, 'http/flow/test-socket'].sort());
    for (const f of withEndpoint) {
      const value = JSON.stringify((f.resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.WS_MANAGEMENT_ENDPOINT);
      expect(value).toContain('https://');
      expect(value).toContain('.execute-api.');
      expect(value).toContain('/ws"');
    }
  });
});
