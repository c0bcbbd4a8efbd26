import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { createSecurityHeadersPolicy } from './security-headers.ts';
import { spaFallbackCode } from './spa-fallback.ts';

export interface WebHostingProps {
  httpApi: HttpApi;
  /** Vite build output; deployed only when it contains index.html. */
  webDistDir: string;
  retain: boolean;
}

/** Private S3 bucket + CloudFront: the SPA at /, the HTTP API at /api/*. */
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

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web + api`,
      defaultRootObject: 'index.html',
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
          origin: new HttpOrigin(apiDomain(props.httpApi), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would drop POST bodies; API clients must use HTTPS from the start.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachedMethods: CachedMethods.CACHE_GET_HEAD,
          cachePolicy: this.createApiCachePolicy(),
          // Forwards query strings and headers but not Host, which API Gateway needs to be its own.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
      },
    });

    this.deploysWebBuild = existsSync(path.join(props.webDistDir, 'index.html'));
    if (this.deploysWebBuild) this.deployWebBuild(props.webDistDir);
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

/** The execute-api host of the HTTP API's $default stage (no stage path prefix). */
function apiDomain(api: HttpApi): string {
  const stack = Stack.of(api);
  return `${api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
}
