import { describe, expect, it } from 'vitest';
import { deployConfigFromContext, parseDeployConfig } from '../lib/config.ts';

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012';

describe('deployment configuration (CDK context)', () => {
  it('defaults to a disposable dev stage with nothing optional set', () => {
    const c = deployConfigFromContext(() => undefined, {});
    expect(c.stage).toEqual({ name: 'dev', retain: false });
    expect(c.appBaseUrl).toBeUndefined();
    expect(c.stripe).toBeUndefined();
  });

  it('takes the stage from TAPEWATCH_STAGE when the context has none, and context wins', () => {
    expect(deployConfigFromContext(() => undefined, { TAPEWATCH_STAGE: 'staging' }).stage.name).toBe('staging');
    expect(
      deployConfigFromContext((k) => (k === 'stage' ? 'qa' : undefined), { TAPEWATCH_STAGE: 'staging' }).stage.name,
    ).toBe('qa');
  });

  it('derives APP_BASE_URL from the domain, and the Stripe secret name from the stage', () => {
    const c = parseDeployConfig({
      stage: 'prod',
      domainName: 'app.example.com',
      certificateArn,
      alarmEmail: 'ops@example.com',
      mailFrom: 'Tapewatch <no-reply@example.com>',
      stripePriceId: 'price_1Abc',
    });
    expect(c.stage.retain).toBe(true);
    expect(c.appBaseUrl).toBe('https://app.example.com');
    expect(c.stripe).toEqual({ priceId: 'price_1Abc', secretName: 'tapewatch/prod/stripe' });
    expect(parseDeployConfig({ stage: 'dev', appBaseUrl: 'https://demo.example.com/' }).appBaseUrl).toBe(
      'https://demo.example.com',
    );
  });

  it('treats empty context values as unset', () => {
    expect(parseDeployConfig({ stage: 'dev', domainName: '', certificateArn: '' }).domainName).toBeUndefined();
  });

  it.each([
    [{ stage: 'Prod' }, 'stage'],
    [{ stage: 'dev', domainName: 'app.example.com' }, 'certificateArn'],
    [
      { stage: 'dev', domainName: 'app.example.com', certificateArn: certificateArn.replace('us-east-1', 'eu-west-1') },
      'certificateArn',
    ],
    [{ stage: 'dev', alarmEmail: 'not-an-address' }, 'alarmEmail'],
    [{ stage: 'dev', stripePriceId: 'prod_123' }, 'stripePriceId'],
    [{ stage: 'dev', appBaseUrl: 'http://insecure.example.com' }, 'appBaseUrl'],
    [{ stage: 'prod' }, 'mailFrom'],
  ] as const)('rejects %j naming %s', (input, key) => {
    expect(() => parseDeployConfig(input)).toThrow(new RegExp(`Invalid deployment configuration[\\s\\S]*- ${key}`));
  });

  it('rejects unknown keys', () => {
    expect(() => parseDeployConfig({ stage: 'dev', domain: 'typo.example.com' })).toThrow(/Unrecognized key: "domain"/);
  });

  it('reserves 10 concurrent executions per account function unless told otherwise (0 = off), and rejects nonsense', () => {
    expect(parseDeployConfig({ stage: 'dev' }).accountReservedConcurrency).toBe(10);
    expect(parseDeployConfig({ stage: 'dev', accountReservedConcurrency: '0' }).accountReservedConcurrency).toBe(0);
    expect(parseDeployConfig({ stage: 'dev', accountReservedConcurrency: '25' }).accountReservedConcurrency).toBe(25);
    expect(() => parseDeployConfig({ stage: 'dev', accountReservedConcurrency: 'many' })).toThrow(
      /accountReservedConcurrency/,
    );
    expect(() => parseDeployConfig({ stage: 'dev', accountReservedConcurrency: '500' })).toThrow(
      /accountReservedConcurrency/,
    );
  });
});
