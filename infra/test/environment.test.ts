import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import { schedules } from '@tapewatch/functions/platform/schedules';
import { buildsSiteLinks } from '../lib/http-api.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

type Vars = Record<string, unknown>;
const varsOf = (r: Resource) => (r.Properties?.Environment as { Variables: Vars }).Variables;
// Jobs that send flow-alert emails build pause links too (issue 25).
const mailJobs = schedules.filter((j) => j.mail).map((j) => j.handler);
const linkModules = [...routeList.filter((r) => buildsSiteLinks(r)).map((r) => `http/${r.handler}`), ...mailJobs];
const stripeModules = routeList.filter((r) => r.secrets.includes('stripe')).map((r) => `http/${r.handler}`);
const mailModules = [...routeList.filter((r) => r.mail).map((r) => `http/${r.handler}`), ...mailJobs];

describe('configuration passed to the functions', () => {
  const configured = synth({
    config: {
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
      mailFrom: 'Tapewatch <no-reply@example.com>',
      stripePriceId: 'price_1Abc',
    },
  }).template;
  const functions = appFunctions(configured);

  it('covers the payment routes and delete_user (which cancels the subscription)', () => {
    expect(stripeModules.sort()).toEqual([
      'http/accounts/delete-user',
      'http/payments/checkout-session',
      'http/payments/manage-subscription',
      'http/payments/stripe-webhook',
    ]);
  });

  it('gives the site URL to routes that build links, the sender to mail routes, the Stripe price to Stripe routes, and no one else', () => {
    for (const f of functions) {
      const vars = varsOf(f.resource);
      expect(vars.APP_BASE_URL, f.module).toBe(linkModules.includes(f.module) ? 'https://app.example.com' : undefined);
      expect(vars.STRIPE_PRICE_BASIC, f.module).toBe(stripeModules.includes(f.module) ? 'price_1Abc' : undefined);
      expect(vars.MAIL_FROM, f.module).toBe(
        mailModules.includes(f.module) ? 'Tapewatch <no-reply@example.com>' : undefined,
      );
    }
  });

  it('passes the Stripe secret by ARN only, readable by those functions alone, through the secrets extension', () => {
    const template = JSON.stringify(configured.toJSON());
    expect(template).not.toMatch(/sk_(live|test)_|whsec_/);
    const policies = Object.values(configured.findResources('AWS::IAM::Policy')) as Resource[];
    for (const f of functions) {
      const vars = varsOf(f.resource);
      const expected = stripeModules.includes(f.module);
      expect(vars.STRIPE_SECRET_KEY).toBeUndefined();
      expect(vars.STRIPE_WEBHOOK_SECRET).toBeUndefined();
      if (!expected) {
        expect(vars.STRIPE_SECRET_ARN, f.module).toBeUndefined();
        continue;
      }
      expect(JSON.stringify(vars.STRIPE_SECRET_ARN)).toContain(':secret:tapewatch/dev/stripe');
      expect(JSON.stringify(f.resource.Properties?.Layers)).toContain(
        'AWS-Parameters-and-Secrets-Lambda-Extension-Arm64',
      );
      const roleId = (f.resource.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => JSON.stringify(p.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]))
        .flatMap(
          (p) =>
            (p.Properties?.PolicyDocument as { Statement: Array<{ Action: string[]; Resource: unknown }> }).Statement,
        );
      const reads = statements.filter((s) =>
        ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'),
      );
      expect(reads.map((s) => JSON.stringify(s.Resource)).join(' ')).toContain(':secret:tapewatch/dev/stripe-??????');
    }
  });

  it('passes the checkout-ticket key by ARN only, to the two routes that declare it (never its value)', () => {
    const holders = functions
      .filter((f) => varsOf(f.resource).CHECKOUT_TICKET_SECRET_ARN !== undefined)
      .map((f) => f.module);
    expect(holders.sort()).toEqual(['http/accounts/submit-signup', 'http/payments/checkout-session']);
    for (const f of functions) {
      expect(varsOf(f.resource).CHECKOUT_TICKET_SECRET, f.module).toBeUndefined();
      expect(JSON.stringify(varsOf(f.resource)), f.module).not.toContain('{{resolve:secretsmanager:');
    }
  });

  it('points emailed links at the CloudFront URL when there is no custom domain, and leaves Stripe unset', () => {
    const plain = appFunctions(synth().template);
    const signup = plain.find((f) => f.module === 'http/accounts/submit-signup')!;
    expect(JSON.stringify(varsOf(signup.resource).APP_BASE_URL)).toMatch(
      /"https:\/\/",\{"Fn::GetAtt":\["WebDistribution\w+","DomainName"\]\}/,
    );
    for (const f of plain) expect(varsOf(f.resource).STRIPE_SECRET_ARN).toBeUndefined();
  });
});
