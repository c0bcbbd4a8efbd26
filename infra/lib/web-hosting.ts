import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi, WebSocketApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  CachedMethods,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  OriginSslPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { scopeInvalidationGrant } from './invalidation-grant.ts';
import { originVerifyHeader } from './origin-verify.ts';
import { createSecurityHeadersPolicy } from './security-headers.ts';
import { spaFallbackCode } from './spa-fallback.ts';

/** The WebSocket handshake headers API Gateway needs, plus the viewer address for per-IP limits. */
export const webSocketOriginHeaders = [
  'Sec-WebSocket-Key',
  'Sec-WebSocket-Version',
  'Sec-WebSocket-Protocol',
  'Sec-WebSocket-Extensions',
  'CloudFront-Viewer-Address',
] as const;

/**
 * What /api handlers read from the request besides Authorization and Accept-Encoding (both in the
 * cache key, hence forwarded): the body type, the Stripe signature, and the viewer address, since
 * API Gateway's sourceIp behind CloudFront is an edge server. Host stays out: API Gateway routes by it.
 */
export const apiOriginHeaders = [
  'Content-Type',
  'Accept',
  'Accept-Language',
  'Stripe-Signature',
  'User-Agent',
  'CloudFront-Viewer-Address',
] as const;

export interface WebHostingProps {
  httpApi: HttpApi;
  webSocketApi: WebSocketApi;
  /** Custom domain + its us-east-1 ACM certificate; without them the cloudfront.net name is used. */
  domainName?: string;
  certificateArn?: string;
  /**
   * Sent as x-origin-verify on every /api and /ws origin request (CloudFront overwrites a viewer's
   * header of that name), so the functions can tell CloudFront from direct execute-api calls.
   */
  originVerifyValue: string;
  /** The CloudFront-scoped WAF web ACL (lib/edge-protection.ts). */
  webAclArn: string;
  /** Vite build output; deployed only when it contains index.html. */
  webDistDir: string;
  retain: boolean;
}

/** Private S3 bucket + CloudFront: the SPA at /, the HTTP API at /api/*, the WebSocket API at /ws. */
export class WebHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly deploysWebBuild: boolean;

  constructor(scope: Construct, id: string, props: WebHostingProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      // The bucket only holds build output, so non-prod stacks may empty it on delete.
      autoDeleteObjects: !props.retain,
    });

    const securityHeaders = createSecurityHeadersPolicy(this, 'SecurityHeaders');
    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'History-mode fallback to /index.html for the S3 origin',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaFallbackCode),
    });

    const executeApiOrigin = (apiId: string) =>
      new HttpOrigin(executeApiDomain(this, apiId), {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
        customHeaders: { [originVerifyHeader]: props.originVerifyValue },
      });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web + api`,
      ...(props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
          }
        : {}),
      defaultRootObject: 'index.html',
      webAclId: props.webAclArn,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: executeApiOrigin(props.httpApi.apiId),
          // A redirect would drop POST bodies; API clients must use HTTPS from the start.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: this.createApiCachePolicy(),
          originRequestPolicy: new OriginRequestPolicy(this, 'ApiOriginRequest', {
            comment: 'Tapewatch /api: query, body headers, Stripe signature, viewer address; not Host',
            queryStringBehavior: OriginRequestQueryStringBehavior.all(),
            headerBehavior: OriginRequestHeaderBehavior.allowList(...apiOriginHeaders),
            cookieBehavior: OriginRequestCookieBehavior.none(),
          }),
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        // The WebSocket API's stage is named "ws", so the unchanged viewer path /ws reaches it.
        '/ws': {
          origin: executeApiOrigin(props.webSocketApi.apiId),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: new OriginRequestPolicy(this, 'WebSocketOriginRequest', {
            comment: 'Tapewatch /ws: handshake headers and ?token=',
            queryStringBehavior: OriginRequestQueryStringBehavior.all(),
            headerBehavior: OriginRequestHeaderBehavior.allowList(...webSocketOriginHeaders),
            cookieBehavior: OriginRequestCookieBehavior.none(),
          }),
          compress: false,
        },
      },
    });

    this.deploysWebBuild = existsSync(path.join(props.webDistDir, 'index.html'));
    if (this.deploysWebBuild) {
      this.deployWebBuild(props.webDistDir);
      scopeInvalidationGrant(this.distribution);
    }
  }

  /**
   * Caches only what the handler marks cacheable (route.cacheSeconds -> Cache-Control), so the
   * default TTL is 0. Authorization is part of the key: CloudFront forwards it only that way, and
   * it keeps one user's cached answer from ever reaching another.
   */
  private createApiCachePolicy(): CachePolicy {
    return new CachePolicy(this, 'ApiCachePolicy', {
      comment: 'Tapewatch /api: honour origin Cache-Control, never share across Authorization',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
  }

  /**
   * Hashed files under assets/ are immutable and never pruned, so a browser still running the
   * previous index.html can lazy-load its chunks. index.html and public/ files revalidate, and go
   * up after the assets they reference.
   */
  private deployWebBuild(distDir: string): void {
    const assetsDir = path.join(distDir, 'assets');
    const hashedAssets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployHashedAssets', {
          sources: [Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
          prune: false,
          memoryLimit: 512,
        })
      : undefined;
    const entryFiles = new BucketDeployment(this, 'DeployEntryFiles', {
      sources: [Source.asset(distDir, { exclude: ['assets', 'assets/**'] })],
      destinationBucket: this.bucket,
      cacheControl: [CacheControl.fromString('public, max-age=0, must-revalidate')],
      prune: false,
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (hashedAssets) entryFiles.node.addDependency(hashedAssets);
  }
}

/** The execute-api host of an API; the viewer path is forwarded as is (HTTP: $default stage, WS: stage "ws"). */
function executeApiDomain(scope: Construct, apiId: string): string {
  const stack = Stack.of(scope);
  return `${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
}
