import { describe, expect, it } from 'vitest';
import { spaFallbackCode } from '../lib/spa-fallback.ts';
import { fakeWebDist, synth, type Resource } from './synth.ts';

const allViewerExceptHostHeader = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Behavior = Record<string, unknown> & { PathPattern?: string; FunctionAssociations?: unknown[] };

describe('web hosting', () => {
  const { template } = synth();
  const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as Resource;
  const config = distribution.Properties?.DistributionConfig as Record<string, unknown>;
  const defaultBehavior = config.DefaultCacheBehavior as Behavior;
  const behaviors = (config.CacheBehaviors ?? []) as Behavior[];
  const apiBehavior = behaviors.find((b) => b.PathPattern === '/api/*');

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
    expect(apiBehavior!.OriginRequestPolicyId).toBe(allViewerExceptHostHeader);
    expect(apiBehavior!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'OPTIONS']));
    expect(apiBehavior!.ViewerProtocolPolicy).toBe('https-only');
    const origin = (config.Origins as Array<Record<string, unknown>>).find((o) => o.Id === apiBehavior!.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain('execute-api');
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

  it('sends a strict CSP and HSTS on every behaviour', () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [policyId, policy] = Object.entries(policies)[0] as [string, Resource];
    for (const b of [defaultBehavior, apiBehavior!]) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const security = (policy.Properties?.ResponseHeadersPolicyConfig as Record<string, any>).SecurityHeadersConfig;
    const csp: string = security.ContentSecurityPolicy.ContentSecurityPolicy;
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
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
    const deployments = Object.entries(withDist.findResources('Custom::CDKBucketDeployment')) as Array<[string, Resource]>;
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
