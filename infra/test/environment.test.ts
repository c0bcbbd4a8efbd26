import { describe, expect, it } from 'vitest';
import { routeList } from '@tapewatch/shared/api/routes';
import { usesPayments } from '../lib/http-api.ts';
import { appFunctions, synth, type Resource } from './synth.ts';

type Vars = Record<string, unknown>;
const varsOf = (r: Resource) => (r.Properties?.Environment as { Variables: Vars }).Variables;
const paymentModules = routeList.filter((r) => usesPayments(r.handler)).map((r) => `http/${r.handler}`);

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
    expect(paymentModules).toEqual(expect.arrayContaining(['http/accounts/delete-user', 'http/payments/stripe-webhook', 'http/payments/checkout-session']));
  });

  it('gives account and payment handlers the site URL, the sender and the Stripe price, and no one else', () => {
    for (const f of functions) {
      const vars = varsOf(f.resource);
      const expected = paymentModules.includes(f.module);
      expect(vars.APP_BASE_URL, f.module).toBe(expected ? 'https://app.example.com' : undefined);
      expect(vars.STRIPE_PRICE_BASIC, f.module).toBe(expected ? 'price_1Abc' : undefined);
      if (f.module.startsWith('http/accounts/')) expect(vars.MAIL_FROM).toBe('Tapewatch <no-reply@example.com>');
    }
  });

  it('passes the Stripe secret by ARN only, readable by those functions alone, through the secrets extension', () => {
    const template = JSON.stringify(configured.toJSON());
    expect(template).not.toMatch(/sk_(live|test)_|whsec_/);
    const policies = Object.values(configured.findResources('AWS::IAM::Policy')) as Resource[];
    for (const f of functions) {
      const vars = varsOf(f.resource);
      const expected = paymentModules.includes(f.module);
      expect(vars.STRIPE_SECRET_KEY).toBeUndefined();
      expect(vars.STRIPE_WEBHOOK_SECRET).toBeUndefined();
      if (!expected) {
        expect(vars.STRIPE_SECRET_ARN, f.module).toBeUndefined();
        continue;
      }
      expect(JSON.stringify(vars.STRIPE_SECRET_ARN)).toContain(':secret:tapewatch/dev/stripe');
      expect(JSON.stringify(f.resource.Properties?.Layers)).toContain('AWS-Parameters-and-Secrets-Lambda-Extension-Arm64');
      const roleId = (f.resource.Properties?.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      const statements = policies
        .filter((p) => JSON.stringify(p.Properties?.Roles) === JSON.stringify([{ Ref: roleId }]))
        .flatMap((p) => (p.Properties?.PolicyDocument as { Statement: Array<{ Action: string[]; Resource: unknown }> }).Statement);
      const read = statements.find((s) => ([] as string[]).concat(s.Action).includes('secretsmanager:GetSecretValue'))!;
      expect(JSON.stringify(read.Resource)).toContain(':secret:tapewatch/dev/stripe-??????');
    }
  });

  it('points emailed links at the CloudFront URL when there is no custom domain, and leaves Stripe unset', () => {
    const plain = appFunctions(synth().template);
    const signup = plain.find((f) => f.module === 'http/accounts/signup') ?? plain.find((f) => f.module.startsWith('http/accounts/'))!;
    expect(JSON.stringify(varsOf(signup.resource).APP_BASE_URL)).toMatch(/"https:\/\/",\{"Fn::GetAtt":\["WebDistribution\w+","DomainName"\]\}/);
    for (const f of plain) expect(varsOf(f.resource).STRIPE_SECRET_ARN).toBeUndefined();
  });
});
