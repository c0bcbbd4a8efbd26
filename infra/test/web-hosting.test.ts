import { describe, expect, it } from 'vitest';
import { spaFallbackCode } from '../lib/spa-fallback.ts';
import { originVerifyArnEnvVar, originVerifyHeader } from '../lib/origin-verify.ts';
import { apiOriginHeaders, webSocketOriginHeaders } from '../lib/web-hosting.ts';
import { appFunctions, fakeWebDist, synth, type Resource } from './synth.ts';

const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

type Behavior = Record<string, unknown> & { PathPattern?: string; FunctionAssociations?: unknown[] };

describe('web hosting', () => {
  const { template } = synth();
  const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource;
  const config = distribution.Properties?.DistributionConfig as Record<string, unknown>;
  const defaultBehavior = config.DefaultCacheBehavior as Behavior;
  const behaviors = (config.CacheBehaviors ?? []) as Behavior[];
  const apiBehavior = behaviors.find((b) => b.PathPattern === '/api/*');
  const wsBehavior = behaviors.find((b) => b.PathPattern === '/ws');
  const originRequestPolicy = (b: Behavior) =>
    (
      template.findResources('AWS::CloudFront::OriginRequestPolicy')[
        (b.OriginRequestPolicyId as { Ref: string }).Ref
      ] as Resource
    ).Properties?.OriginRequestPolicyConfig as Record<string, any>;
  const originOf = (b: Behavior) =>
    (config.Origins as Array<Record<string, unknown>>).find((o) => o.Id === b.TargetOriginId)!;

  it('keeps the bucket private and reaches it through Origin Access Control', () => {
    const bucket = Object.values(template.findResources('AWS::S3::Bucket'))[0] as Resource;
    expect(bucket.Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties?.WebsiteConfiguration).toBeUndefined();
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const origins = config.Origins as Array<Record<string, unknown>>;
    const s3Origin = origins.find((o) => o.S3OriginConfig);
    expect(s3Origin?.OriginAccessControlId).toBeDefined();
    const policy = JSON.stringify(template.findResources('AWS::S3::BucketPolicy'));
    expect(policy).toContain('cloudfront.amazonaws.com');
    expect(policy).toContain('AWS:SourceArn');
  });

  it('serves the SPA by default with a history fallback function instead of error pages', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(defaultBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(defaultBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.any(String), 'FunctionARN'] } },
    ]);
  });

  it('routes /api/* to the HTTP API, uncached unless the origin says so', () => {
    expect(apiBehavior).toBeDefined();
    expect(apiBehavior!.FunctionAssociations).toBeUndefined();
    const forwarded = originRequestPolicy(apiBehavior!);
    expect(forwarded.QueryStringsConfig.QueryStringBehavior).toBe('all');
    // The viewer address reaches the handlers (per-IP rate limits); Host must not (API Gateway routes by it).
    expect(forwarded.HeadersConfig.Headers).toEqual([...apiOriginHeaders]);
    expect(forwarded.HeadersConfig.Headers).toContain('CloudFront-Viewer-Address');
    expect(forwarded.HeadersConfig.Headers).toContain('Stripe-Signature');
    expect(forwarded.HeadersConfig.Headers.map((h: string) => h.toLowerCase())).not.toContain('host');
    expect(apiBehavior!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'OPTIONS']));
    expect(apiBehavior!.ViewerProtocolPolicy).toBe('https-only');
    const origin = originOf(apiBehavior!);
    expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
    expect(JSON.stringify(origin.DomainName)).toContain('HttpApi');
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });

    const cachePolicyId = (apiBehavior!.CachePolicyId as { Ref: string }).Ref;
    const cachePolicy = template.findResources('AWS::CloudFront::CachePolicy')[cachePolicyId] as Resource;
    const c = cachePolicy.Properties?.CachePolicyConfig as Record<string, any>;
    expect(c.DefaultTTL).toBe(0);
    expect(c.MinTTL).toBe(0);
    expect(c.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(c.ParametersInCacheKeyAndForwardedToOrigin.HeadersConfig).toEqual({
      HeaderBehavior: 'whitelist',
      Headers: ['Authorization'],
    });
  });

  it('routes /ws to the WebSocket API stage named "ws", uncached, with the handshake headers and ?token=', () => {
    expect(wsBehavior).toBeDefined();
    expect(wsBehavior!.CachePolicyId).toBe(cachingDisabled);
    expect(wsBehavior!.ViewerProtocolPolicy).toBe('https-only');
    const forwarded = originRequestPolicy(wsBehavior!);
    expect(forwarded.QueryStringsConfig.QueryStringBehavior).toBe('all');
    expect(forwarded.HeadersConfig.Headers).toEqual([...webSocketOriginHeaders]);
    expect(forwarded.HeadersConfig.Headers).toContain('Sec-WebSocket-Key');
    const origin = originOf(wsBehavior!);
    expect(JSON.stringify(origin.DomainName)).toContain('RealtimeApi');
    expect(origin.OriginPath ?? '').toBe('');
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')).find((s) =>
      JSON.stringify((s as Resource).Properties?.ApiId).includes('RealtimeApi'),
    ) as Resource;
    expect(stage.Properties?.StageName).toBe('ws');
  });

  it('marks /api and /ws origin requests with the generated origin-verify value that the request handlers expect', () => {
    const secrets = template.findResources('AWS::SecretsManager::Secret') as Record<string, Resource>;
    const [secretId] = Object.entries(secrets).find(([id]) => id.startsWith('OriginVerify'))!;
    expect(secrets[secretId]!.Properties?.GenerateSecretString).toMatchObject({
      PasswordLength: 48,
      ExcludePunctuation: true,
    });
    // A CloudFormation dynamic reference: the value is resolved at deploy time, never written to the template.
    const reference = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    for (const behavior of [apiBehavior!, wsBehavior!]) {
      expect(originOf(behavior).OriginCustomHeaders).toEqual([
        { HeaderName: originVerifyHeader, HeaderValue: reference },
      ]);
      // Forwarding the header from the viewer too would let a client choose it; CloudFront's own value wins anyway.
      expect(originRequestPolicy(behavior).HeadersConfig.Headers.map((h: string) => h.toLowerCase())).not.toContain(
        originVerifyHeader,
      );
    }
    expect(originOf(defaultBehavior).OriginCustomHeaders).toBeUndefined();
    for (const f of appFunctions(template)) {
      const vars = (f.resource.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;
      // The functions read the value from Secrets Manager at cold start: only the ARN is in their
      // configuration (a plaintext value there is readable by anyone with lambda:GetFunction).
      expect(JSON.stringify(vars), f.module).not.toContain('{{resolve:secretsmanager:');
      expect(vars.ORIGIN_VERIFY_SECRET, f.module).toBeUndefined();
      // Route handlers and $connect check it; jobs, $disconnect, $default and the fallback do not.
      const checks = f.module.startsWith('http/') || f.module === 'ws/connect';
      expect(vars[originVerifyArnEnvVar], f.module).toEqual(checks ? { Ref: secretId } : undefined);
    }
  });

  it('serves HTTP/2 and HTTP/3 and compresses the SPA and /api', () => {
    expect(config.HttpVersion).toBe('http2and3');
    expect(defaultBehavior.Compress).toBe(true);
    expect(apiBehavior!.Compress).toBe(true);
  });

  it('uses the custom domain and its certificate when configured', () => {
    const arn = 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012';
    const withDomain = synth({ config: { domainName: 'app.example.com', certificateArn: arn } }).template;
    const d = Object.values(withDomain.findResources('AWS::CloudFront::Distribution'))[0] as Resource;
    const c = d.Properties?.DistributionConfig as Record<string, any>;
    expect(c.Aliases).toEqual(['app.example.com']);
    expect(c.ViewerCertificate).toMatchObject({ AcmCertificateArn: arn, SslSupportMethod: 'sni-only' });
    expect(config.Aliases).toBeUndefined();
  });

  it('sends a strict CSP and HSTS on every behaviour', () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [policyId, policy] = Object.entries(policies)[0] as [string, Resource];
    for (const b of [defaultBehavior, apiBehavior!]) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const security = (policy.Properties?.ResponseHeadersPolicyConfig as Record<string, any>).SecurityHeadersConfig;
    const csp: string = security.ContentSecurityPolicy.ContentSecurityPolicy;
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(security.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(security.ContentTypeOptions.Override).toBe(true);
    expect(security.FrameOptions.FrameOption).toBe('DENY');
  });

  it('skips the web deployment when there is no build', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('deploys a build: immutable hashed assets first, then entry files with an invalidation', () => {
    const withDist = synth({ webDistDir: fakeWebDist() }).template;
    const deployments = Object.entries(withDist.findResources('Custom::CDKBucketDeployment')) as Array<
      [string, Resource]
    >;
    expect(deployments).toHaveLength(2);
    const [assetsId, assets] = deployments.find(([, d]) => d.Properties?.DestinationBucketKeyPrefix === 'assets/')!;
    const [, entry] = deployments.find(([id]) => id !== assetsId)!;
    expect(JSON.stringify(assets.Properties?.SystemMetadata)).toContain('immutable');
    expect(assets.Properties?.Prune).toBe(false);
    expect(entry.Properties?.Prune).toBe(false);
    expect(entry.Properties?.DistributionPaths).toEqual(['/*']);
    expect(entry.DependsOn).toEqual(expect.arrayContaining([expect.stringContaining('DeployHashedAssets')]));
  });
});

describe('SPA fallback function', () => {
  type Request = { uri: string };
  const handler = new Function(`${spaFallbackCode}; return handler;`)() as (e: { request: Request }) => Request;
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it('sends client-side routes to index.html', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/sector-performance')).toBe('/index.html');
    expect(rewrite('/ticker/BRK.B')).toBe('/index.html');
  });

  it('leaves static files alone', () => {
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/assets/index-abc123.css')).toBe('/assets/index-abc123.css');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(rewrite('/index.html')).toBe('/index.html');
  });
});
