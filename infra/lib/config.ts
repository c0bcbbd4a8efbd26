import { z } from 'zod';
import { stageConfig, type StageConfig } from './stage.ts';

/**
 * Deployment settings, read from CDK context (`-c key=value` or cdk.json "context") and validated
 * here so a typo fails the synth with the key's name instead of deploying a half-configured stack.
 */
const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** CloudFront only accepts certificates from us-east-1. */
const cloudFrontCertificateArn = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;
/** "no-reply@example.com" or "Tapewatch <no-reply@example.com>". */
const senderAddress = /^(?:[^<>]+ <)?[^\s@<>]+@[^\s@<>]+\.[a-z]{2,63}>?$/i;
const secretName = z.string().regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/, 'a Secrets Manager secret name');

/**
 * The CDK context key naming each provider key's Secrets Manager secret ({"api_key": "..."}),
 * for every key of the data-source registry (a test checks that none is missing).
 */
export const providerSecretContext = {
  POLYGON_API_KEY: 'polygonSecretName',
  BENZINGA_API_KEY: 'benzingaSecretName',
} as const;
export type ProviderKeyName = keyof typeof providerSecretContext;

export const deployConfigSchema = z
  .strictObject({
    stage: z.string().regex(/^[a-z][a-z0-9-]{0,19}$/, 'lowercase letters, digits or dashes, e.g. dev or prod'),
    domainName: z.string().regex(hostname, 'a host name such as app.example.com').optional(),
    certificateArn: z.string().regex(cloudFrontCertificateArn, 'an ACM certificate ARN in us-east-1').optional(),
    alarmEmail: z.email().optional(),
    /** SES-verified sender, becomes MAIL_FROM. */
    mailFrom: z.string().regex(senderAddress, 'an address such as "Tapewatch <no-reply@example.com>"').optional(),
    /** The site URL used in emailed links; defaults to https://domainName, else the CloudFront URL. */
    appBaseUrl: z.url({ protocol: /^https$/ }).optional(),
    stripePriceId: z
      .string()
      .regex(/^price_[A-Za-z0-9]+$/, 'a Stripe price id (price_...)')
      .optional(),
    /** Secrets Manager secret holding {"secret_key": "sk_...", "webhook_secret": "whsec_..."}. */
    stripeSecretName: z
      .string()
      .regex(/^[A-Za-z0-9/_+=.@-]{1,512}$/)
      .optional(),
    /**
     * Reserved concurrency per account function (sign-up, login, reset...): a flood of one of them
     * is capped there and cannot take the concurrency every other route needs. 0 turns it off,
     * for accounts whose Lambda concurrency quota is below 1,000 (AWS keeps 100 unreserved).
     */
    accountReservedConcurrency: z.coerce.number().int().min(0).max(100).optional(),
    /** demo (default): the bundled data; live: the real providers (README "Run on real data"). */
    dataMode: z.enum(['demo', 'live']).optional(),
    /** Secrets created by the operator before the deploy; a provider without one stays unconfigured. */
    polygonSecretName: secretName.optional(),
    benzingaSecretName: secretName.optional(),
    /** Live option chains from CBOE (default, free) or Polygon (needs polygonSecretName). */
    optionChainSource: z
      .enum(['cboe', 'polygon'], { error: 'cboe (the default, no key) or polygon (needs polygonSecretName)' })
      .optional(),
    /** Browser notifications of flow alerts: the VAPID public key (the private one is in vapidSecretName). */
    vapidPublicKey: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{87}$/,
        'a VAPID public key (87 base64url characters, e.g. from `npx web-push generate-vapid-keys`)',
      )
      .optional(),
    /** Contact for the push services: mailto:... or https://... */
    vapidSubject: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'mailto:you@example.com or an https URL')
      .optional(),
    /** Secrets Manager secret holding {"private_key": "..."}, the VAPID private key. */
    vapidSecretName: secretName.optional(),
  })
  .refine(
    (c) =>
      [c.vapidPublicKey, c.vapidSubject, c.vapidSecretName].every((v) => v === undefined) ||
      (c.vapidPublicKey && c.vapidSubject && c.vapidSecretName),
    {
      message: 'browser push needs vapidPublicKey, vapidSubject and vapidSecretName together',
      path: ['vapidSecretName'],
    },
  )
  .refine((c) => c.dataMode === 'live' || (!c.polygonSecretName && !c.benzingaSecretName), {
    message: 'provider secrets are read in live mode only: add dataMode=live',
    path: ['dataMode'],
  })
  .refine((c) => c.optionChainSource !== 'polygon' || (c.dataMode === 'live' && Boolean(c.polygonSecretName)), {
    message: 'optionChainSource=polygon reads Polygon in live mode: add dataMode=live and polygonSecretName',
    path: ['optionChainSource'],
  })
  .refine((c) => Boolean(c.domainName) === Boolean(c.certificateArn), {
    message: 'domainName and certificateArn go together (CloudFront needs the certificate for the name)',
    path: ['certificateArn'],
  })
  .refine((c) => c.stage !== 'prod' || Boolean(c.mailFrom), {
    message: 'prod needs mailFrom (an SES-verified sender): confirmation and reset mails are required',
    path: ['mailFrom'],
  });

export type DeployConfigInput = z.input<typeof deployConfigSchema>;

export interface DeployConfig {
  stage: StageConfig;
  domainName?: string;
  certificateArn?: string;
  alarmEmail?: string;
  mailFrom?: string;
  appBaseUrl?: string;
  stripe?: { priceId: string; secretName: string };
  accountReservedConcurrency: number;
  marketData: {
    mode: 'demo' | 'live';
    secretNames: Partial<Record<ProviderKeyName, string>>;
    optionChainSource: 'cboe' | 'polygon';
  };
  /** Browser push of flow alerts; absent: the feature is off. */
  webPush?: { publicKey: string; subject: string; secretName: string };
}

export const contextKeys = [
  'stage',
  'domainName',
  'certificateArn',
  'alarmEmail',
  'mailFrom',
  'appBaseUrl',
  'stripePriceId',
  'stripeSecretName',
  'accountReservedConcurrency',
  'dataMode',
  ...Object.values(providerSecretContext),
  'optionChainSource',
  'vapidPublicKey',
  'vapidSubject',
  'vapidSecretName',
] as const;

export function parseDeployConfig(input: Record<string, unknown>): DeployConfig {
  // CDK context values given on the command line are strings; empty ones mean "not set".
  const cleaned = Object.fromEntries(
    Object.entries(input).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
  const result = deployConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new Error(`Invalid deployment configuration (CDK context):\n${lines.join('\n')}`);
  }
  const c = result.data;
  return {
    stage: stageConfig(c.stage),
    domainName: c.domainName,
    certificateArn: c.certificateArn,
    alarmEmail: c.alarmEmail,
    mailFrom: c.mailFrom,
    appBaseUrl: (c.appBaseUrl ?? (c.domainName ? `https://${c.domainName}` : undefined))?.replace(/\/$/, ''),
    stripe: c.stripePriceId
      ? { priceId: c.stripePriceId, secretName: c.stripeSecretName ?? `tapewatch/${c.stage}/stripe` }
      : undefined,
    accountReservedConcurrency: c.accountReservedConcurrency ?? 10,
    marketData: {
      mode: c.dataMode ?? 'demo',
      secretNames: Object.fromEntries(
        Object.entries(providerSecretContext).flatMap(([key, ctx]) => (c[ctx] ? [[key, c[ctx]]] : [])),
      ),
      optionChainSource: c.optionChainSource ?? 'cboe',
    },
    webPush:
      c.vapidPublicKey && c.vapidSubject && c.vapidSecretName
        ? { publicKey: c.vapidPublicKey, subject: c.vapidSubject, secretName: c.vapidSecretName }
        : undefined,
  };
}

/** Reads every known key from CDK context (stage also from TAPEWATCH_STAGE), for bin/app.ts. */
export function deployConfigFromContext(
  tryGetContext: (key: string) => unknown,
  env: NodeJS.ProcessEnv = process.env,
): DeployConfig {
  const input: Record<string, unknown> = Object.fromEntries(contextKeys.map((k) => [k, tryGetContext(k)]));
  input.stage ??= env.TAPEWATCH_STAGE ?? 'dev';
  return parseDeployConfig(input);
}
