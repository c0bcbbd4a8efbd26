import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import type { AppSecret, CognitoAction, TableName } from '@tapewatch/shared/api/routes';
import { routeList } from '@tapewatch/shared/api/routes';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { webSocketRoutes } from '../lib/realtime.ts';
import { fanoutJobs } from '../lib/schedules.ts';
import { appFunctions, fakeWebDist, synth, tableIds, type Resource } from './synth.ts';

// Stripe and a sender configured, so every grant the stack can make is in the template.
const { template } = synth({ config: { stripePriceId: 'price_123', mailFrom: 'Tapewatch <no-reply@example.com>' } });
const tables = tableIds(template);
const policies = template.findResources('AWS::IAM::Policy') as Record<string, Resource>;

const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const readActions = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem'];

type Statement = { Action: string | string[]; Effect: string; Resource: unknown; Condition?: unknown };

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

/** What a function's entry declares: tables, Cognito actions, mail, secrets. */
interface Declared {
  reads: readonly TableName[];
  writes: readonly TableName[];
  cognito: readonly CognitoAction[];
  mail: boolean;
  secrets: readonly AppSecret[];
}
const none = { cognito: [], mail: false, secrets: [] } as const;
const declaredByModule = new Map<string, Declared>([
  ...routeList.map((r) => [`http/${r.handler}`, r] as const),
  // A job that sends alert emails declares `mail`: SES plus the pause links' key.
  ...schedules.map(
    (s) => [s.handler, { ...s, ...none, ...(s.mail ? { mail: true, secrets: ['alertLink' as const] } : {}) }] as const,
  ),
  ...webSocketRoutes.map((r) => [r.module, { reads: ['app'], writes: ['app'], ...none }] as const),
  ['infra/api-fallback', { reads: [], writes: [], ...none }],
]);

/**
 * Functions that post to or close WebSocket connections: the fan-out jobs, $default (pong, oversized
 * frames), $connect (the per-user cap) and the routes that declare liveSockets (logout, reset, deletion).
 */
const fanoutModules = new Set([
  ...fanoutJobs.map((name) => schedules.find((s) => s.name === name)!.handler),
  'ws/default',
  'ws/connect',
  ...routeList.filter((r) => r.liveSockets).map((r) => `http/${r.handler}`),
]);
/** Functions that check the origin-verify value: every route handler (the http wrapper) and $connect. */
const checksOrigin = (module: string) => module.startsWith('http/') || module === 'ws/connect';

/** The only functions that may write a user's plan (subscription and its Stripe ids): the payment webhook. */
const planWriters = new Set(['http/payments/stripe-webhook']);
/** What every other writer of the app table is denied (Resource: the app table). */
const planGuards: Statement[] = [
  {
    Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    Effect: 'Deny',
    Resource: { 'Fn::GetAtt': [tables.app, 'Arn'] },
    Condition: {
      'ForAnyValue:StringEquals': {
        'dynamodb:Attributes': ['subscription', 'subscriptionVersion', 'stripeCustomerId', 'stripeSubscriptionId'],
      },
    },
  },
  {
    // A batch write carries no attribute names to condition on: none may touch a profile item.
    Action: 'dynamodb:BatchWriteItem',
    Effect: 'Deny',
    Resource: { 'Fn::GetAtt': [tables.app, 'Arn'] },
    Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['USER#*'] } },
  },
];

const actionsOf = (s: Statement) => ([] as string[]).concat(s.Action);

/** Which secret a secretsmanager statement is about, by the resource it names. */
function secretOf(s: Statement): string {
  const resource = JSON.stringify(s.Resource);
  if (resource.includes(':secret:tapewatch/dev/stripe')) return 'stripe';
  if (resource.includes('IdentityCheckoutTicketSecret')) return 'checkoutTicket';
  if (resource.includes('OriginVerifySecret')) return 'originVerify';
  if (resource.includes('IdentityAlertLinkSecret')) return 'alertLink';
  return `unknown secret ${resource}`;
}

type Grouped = Record<
  'logs' | 'dynamodb' | 'cognito' | 'ses' | 'secrets' | 'realtime' | 'queue' | 'other',
  Statement[]
>;

/** Sorts a role's statements by service; anything outside the known services lands in `other`. */
function byService(statements: Statement[]): Grouped {
  const g: Grouped = { logs: [], dynamodb: [], cognito: [], ses: [], secrets: [], realtime: [], queue: [], other: [] };
  const prefixes: Array<[keyof Grouped, string]> = [
    ['logs', 'logs:'],
    ['dynamodb', 'dynamodb:'],
    ['cognito', 'cognito-idp:'],
    ['ses', 'ses:'],
    ['secrets', 'secretsmanager:'],
    ['realtime', 'execute-api:'],
    ['queue', 'sqs:'],
  ];
  for (const s of statements) {
    const group = prefixes.find(([, prefix]) => actionsOf(s).every((a) => a.startsWith(prefix)))?.[0] ?? 'other';
    g[group].push(s);
  }
  return g;
}

/** The permissions a function's role holds beyond tables and logs, in the route table's terms. */
function grantedNeeds(fn: Resource): {
  cognito: string[];
  mail: boolean;
  secrets: string[];
  realtime: boolean;
  jobFailures: boolean;
  other: string[];
} {
  const g = byService(statementsFor(fn));
  return {
    cognito: [...new Set(g.cognito.flatMap(actionsOf).map((a) => a.replace('cognito-idp:', '')))].sort(),
    mail: g.ses.length > 0,
    secrets: [...new Set(g.secrets.map(secretOf))].sort(),
    realtime: g.realtime.length > 0,
    jobFailures: g.queue.length > 0,
    other: g.other.map((s) => `${actionsOf(s).join(',')} on ${JSON.stringify(s.Resource)}`),
  };
}

describe('least-privilege IAM', () => {
  const functions = appFunctions(template);

  it.each(functions.map((f) => [f.module, f] as const))('%s gets only what its entry declares', (module, fn) => {
    const declared = declaredByModule.get(module)!;
    const g = byService(statementsFor(fn.resource));
    // Anything outside the declared model fails here, whatever service it is.
    expect(grantedNeeds(fn.resource)).toEqual({
      cognito: [...declared.cognito].sort(),
      mail: declared.mail,
      secrets: [...declared.secrets, ...(checksOrigin(module) ? ['originVerify'] : [])].sort(),
      realtime: fanoutModules.has(module),
      // Jobs send failed invocations to the job queue (their on-failure destination).
      jobFailures: fn.kind === 'job',
      other: [],
    });
    for (const s of g.queue) {
      expect(
        actionsOf(s).every((a) => ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'].includes(a)),
        actionsOf(s).join(),
      ).toBe(true);
      expect(JSON.stringify(s.Resource)).toContain('JobsDeadLetters');
    }
    for (const s of g.cognito) expect(JSON.stringify(s.Resource)).toContain('IdentityUsers');
    for (const s of g.ses) expect(actionsOf(s)).toEqual(['ses:SendEmail']);
    for (const s of g.secrets)
      expect(actionsOf(s).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
    for (const s of g.realtime) {
      // Only the "ws" stage's Management API of this app's WebSocket API.
      const resource = JSON.stringify(s.Resource);
      expect(actionsOf(s)).toEqual(['execute-api:ManageConnections']);
      expect(resource).toContain('RealtimeApi');
      expect(resource).toContain('/ws/*/@connections/*');
    }
    // Logging: its own log group only (no AWSLambdaBasicExecutionRole, whose logs:* covers every group).
    const ownLogGroup = (fn.resource.Properties?.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(g.logs).toHaveLength(1);
    expect(actionsOf(g.logs[0]!).sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(g.logs[0]!.Resource).toEqual({ 'Fn::GetAtt': [ownLogGroup, 'Arn'] });
    for (const s of g.dynamodb.filter((d) => d.Effect !== 'Allow')) expect(planGuards).toContainEqual(s);
    // API keys: a route that takes keys and does not write the app table may update the key lookup
    // items there (their counters and last-used time), those items alone (a condition on their partition keys).
    const keyUsage = g.dynamodb.filter((s) => s.Effect === 'Allow' && s.Condition !== undefined);
    const acceptsKey = (declared as { acceptsKey?: boolean }).acceptsKey === true;
    expect(keyUsage).toHaveLength(acceptsKey && !declared.writes.includes('app') ? 1 : 0);
    for (const s of keyUsage) {
      expect(actionsOf(s)).toEqual(['dynamodb:UpdateItem']);
      expect(JSON.stringify(s.Resource)).toContain(`"${tables.app}"`);
      expect(s.Condition).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APIKEY#*'] },
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'mw', 'mn', 'dw', 'dn', 'lastUsedAt'] },
      });
    }
    const granted = actionsByTable(g.dynamodb.filter((s) => s.Effect === 'Allow' && s.Condition === undefined));
    expect([...granted.keys()].sort()).toEqual([...new Set<TableName>([...declared.reads, ...declared.writes])].sort());
    for (const [table, actions] of granted) {
      for (const action of readActions) expect(actions).toContain(action);
      const mayWrite = declared.writes.includes(table);
      for (const action of writeActions) {
        expect(actions.has(action), `${module} ${action} on ${table}`).toBe(mayWrite);
      }
      expect(actions.has('dynamodb:*')).toBe(false);
    }
  });

  it("lets only the payment webhook write a user's plan: every other writer of the app table is denied the plan attributes", () => {
    const appArn = { 'Fn::GetAtt': [tables.app, 'Arn'] };
    const writers = functions.filter((f) => declaredByModule.get(f.module)!.writes.includes('app'));
    expect(writers.length).toBeGreaterThan(20);
    for (const fn of writers) {
      const denies = byService(statementsFor(fn.resource)).dynamodb.filter((s) => s.Effect === 'Deny');
      if (planWriters.has(fn.module)) {
        expect(denies, fn.module).toEqual([]);
        continue;
      }
      expect(denies, fn.module).toEqual(planGuards.map((g) => ({ ...g, Resource: appArn })));
    }
    // Functions that do not write the app table cannot name plan attributes at all (key counters: attributes listed above).
    expect(planWriters).toEqual(new Set(['http/payments/stripe-webhook']));
  });

  it('would catch a permission the entry does not declare', () => {
    const fn = functions.find((f) => f.module === 'http/accounts/submit-logout')!;
    const declared = declaredByModule.get(fn.module)!;
    expect(declared.cognito).toEqual([]);
    const roleId = (fn.resource.Properties?.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const extra = {
      Type: 'AWS::IAM::Policy',
      Properties: {
        Roles: [{ Ref: roleId }],
        PolicyDocument: { Statement: [{ Effect: 'Allow', Action: 'cognito-idp:AdminDeleteUser', Resource: 'arn' }] },
      },
    };
    policies.__extra = extra;
    try {
      expect(grantedNeeds(fn.resource).cognito).toEqual(['AdminDeleteUser']);
    } finally {
      delete policies.__extra;
    }
  });

  it('lets only the 4 Stripe handlers read the Stripe secret, and each account handler only its Cognito actions', () => {
    const needs = functions.map((f) => ({ module: f.module, ...grantedNeeds(f.resource) }));
    expect(
      needs
        .filter((n) => n.secrets.includes('stripe'))
        .map((n) => n.module)
        .sort(),
    ).toEqual([
      'http/accounts/delete-user',
      'http/payments/checkout-session',
      'http/payments/manage-subscription',
      'http/payments/stripe-webhook',
    ]);
    expect(
      needs
        .filter((n) => n.secrets.includes('checkoutTicket'))
        .map((n) => n.module)
        .sort(),
    ).toEqual(['http/accounts/submit-signup', 'http/payments/checkout-session']);
    expect(
      needs
        .filter((n) => n.mail)
        .map((n) => n.module)
        .sort(),
    ).toEqual([
      'http/accounts/resend-confirmation',
      'http/accounts/reset-password',
      'http/accounts/submit-signup',
      'jobs/alert-digests',
      'jobs/flow-live-poll',
    ]);
    expect(
      needs
        .filter((n) => n.secrets.includes('alertLink'))
        .map((n) => n.module)
        .sort(),
    ).toEqual(['http/alerts/pause-alert-from-email', 'jobs/alert-digests', 'jobs/flow-live-poll']);
    const cognito = Object.fromEntries(needs.filter((n) => n.cognito.length > 0).map((n) => [n.module, n.cognito]));
    expect(cognito).toEqual({
      'http/accounts/submit-signup': [
        'AdminCreateUser',
        'AdminDeleteUser',
        'AdminGetUser',
        'AdminInitiateAuth',
        'AdminSetUserPassword',
      ],
      'http/accounts/get-token-confirmation': ['AdminConfirmSignUp', 'AdminUpdateUserAttributes'],
      'http/accounts/submit-login': ['AdminGetUser', 'AdminInitiateAuth'],
      'http/accounts/refresh-token': ['AdminInitiateAuth'],
      'http/accounts/resend-confirmation': ['AdminGetUser'],
      'http/accounts/reset-password': ['AdminGetUser'],
      'http/accounts/update-password': [
        'AdminConfirmSignUp',
        'AdminSetUserPassword',
        'AdminUpdateUserAttributes',
        'AdminUserGlobalSignOut',
      ],
      // Deleting the account and creating an API key check the password again, as a login does.
      'http/accounts/delete-user': ['AdminDeleteUser', 'AdminInitiateAuth'],
      'http/api-keys/create-api-key': ['AdminInitiateAuth'],
    });
  });

  it('gives read-only routes no write actions at all (but the key counters, checked above)', () => {
    const readOnly = functions.filter((f) => declaredByModule.get(f.module)!.writes.length === 0);
    expect(readOnly.length).toBeGreaterThan(0);
    for (const fn of readOnly) {
      const all = statementsFor(fn.resource)
        .filter((s) => s.Condition === undefined)
        .flatMap((s) => ([] as string[]).concat(s.Action));
      for (const action of writeActions) expect(all).not.toContain(action);
    }
  });
});

function wildcardResources(docs: Array<{ where: string; statements: Statement[] }>): string[] {
  return docs.flatMap((d) =>
    d.statements
      .filter((s) => ([] as unknown[]).concat(s.Resource).includes('*'))
      .map((s) => `${d.where}: ${actionsOf(s).join(',')}`),
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
    const push = (where: string, doc: unknown) =>
      docs.push({ where, statements: ([] as Statement[]).concat((doc as { Statement: Statement[] }).Statement) });
    for (const [id, p] of Object.entries(t.findResources('AWS::IAM::Policy') as Record<string, Resource>))
      push(id, p.Properties?.PolicyDocument);
    for (const [id, p] of Object.entries(t.findResources('AWS::IAM::ManagedPolicy') as Record<string, Resource>))
      push(id, p.Properties?.PolicyDocument);
    for (const [id, role] of Object.entries(t.findResources('AWS::IAM::Role') as Record<string, Resource>)) {
      for (const inline of (role.Properties?.Policies ?? []) as Array<{ PolicyName: string; PolicyDocument: unknown }>)
        push(`${id}/${inline.PolicyName}`, inline.PolicyDocument);
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
        InlineRole: {
          Type: 'AWS::IAM::Role',
          Properties: {
            AssumeRolePolicyDocument: {},
            Policies: [{ PolicyName: 'p', PolicyDocument: { Statement: [statement] } }],
          },
        },
        Managed: { Type: 'AWS::IAM::ManagedPolicy', Properties: { PolicyDocument: { Statement: [statement] } } },
      },
    });
    expect(wildcardResources(documents(fake)).sort()).toEqual([
      'InlineRole/p: logs:PutLogEvents',
      'Managed: logs:PutLogEvents',
    ]);
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
      d.statements.flatMap((s) =>
        actionsOf(s)
          .filter((a) => a === '*' || /^[a-z0-9-]+:\*$/.test(a))
          .map((a) => `${d.where}: ${a}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('give the fan-out functions the Management endpoint of the "ws" stage', () => {
    const functions = appFunctions(template);
    const withEndpoint = functions.filter(
      (f) =>
        (f.resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.WS_MANAGEMENT_ENDPOINT,
    );
    expect(withEndpoint.map((f) => f.module).sort()).toEqual([...fanoutModules, 'http/flow/test-socket'].sort());
    for (const f of withEndpoint) {
      const value = JSON.stringify(
        (f.resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables.WS_MANAGEMENT_ENDPOINT,
      );
      expect(value).toContain('https://');
      expect(value).toContain('.execute-api.');
      expect(value).toContain('/ws"');
    }
  });
});
