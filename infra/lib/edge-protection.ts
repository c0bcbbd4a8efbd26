import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routeList } from '@tapewatch/shared/api/routes';

/**
 * Requests per IP per 5 minutes before WAF blocks that IP (until its rate drops again). `all`
 * counts every request through CloudFront, cached assets included: a page load is ~30 of them,
 * so 3,000 leaves a person ample room. `accounts` is for the routes that call Cognito or SES,
 * which cost money per call and are what a password-guessing or mail-bombing script hits.
 */
export const perIpLimits = { all: 3000, accounts: 100 } as const;

/** Paths of the routes that call Cognito or send mail (from the route table's declarations). */
export function accountRoutePaths(): string[] {
  return routeList.filter((r) => r.cognito.length > 0 || r.mail).map((r) => r.path);
}

/**
 * One regular expression for every account route, matched after WAF's normalisation: the path
 * itself or with trailing slashes (WAF limits a regex to 512 characters; checked at synth).
 */
export function accountPathPattern(): string {
  const names = accountRoutePaths().map((p) => p.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = `^(${names.join('|')})/*$`;
  if (pattern.length > 512) throw new Error(`account path pattern is ${pattern.length} characters; WAF allows 512`);
  return pattern;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * The CloudFront web ACL: per-IP rate-based rules in front of everything, so a flood from one
 * address is dropped at the edge before it costs a Lambda, a Cognito call or an e-mail. WAF counts
 * IPv6 clients per address (it has no prefix aggregation); the app's own per-IP limits count an
 * IPv6 /64 as one client (functions/src/domain/accounts/ip-bucket.ts).
 *
 * A CLOUDFRONT-scoped web ACL can only be created in us-east-1: see EdgeStack for other regions.
 */
export class EdgeWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const accountPaths: CfnWebACL.StatementProperty = {
      regexMatchStatement: {
        fieldToMatch: { uriPath: {} },
        regexString: accountPathPattern(),
        // The path as the origin would route it: decoded, without duplicate slashes or dot segments,
        // in lower case (an exact match let `/api/submit_login/` or `/api/submit%5Flogin` through).
        textTransformations: [
          { priority: 0, type: 'URL_DECODE' },
          { priority: 1, type: 'NORMALIZE_PATH' },
          { priority: 2, type: 'LOWERCASE' },
        ],
      },
    };
    const stackName = Stack.of(this).stackName;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${stackName}-edge`,
      description: 'Tapewatch: per-IP rate limits at CloudFront',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${stackName}-edge`),
      rules: [
        {
          name: 'AccountRoutesPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              limit: perIpLimits.accounts,
              evaluationWindowSec: 300,
              scopeDownStatement: accountPaths,
            },
          },
          visibilityConfig: visibility('AccountRoutesPerIp'),
        },
        {
          name: 'PerIp',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: { aggregateKeyType: 'IP', limit: perIpLimits.all, evaluationWindowSec: 300 },
          },
          visibilityConfig: visibility('PerIp'),
        },
      ],
    });
  }

  get arn(): string {
    return this.webAcl.attrArn;
  }
}

/** Holds the web ACL in us-east-1 when the app's stack is elsewhere (bin/app.ts, lib/app-stacks.ts). */
export class EdgeStack extends Stack {
  readonly acl: EdgeWebAcl;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.acl = new EdgeWebAcl(this, 'Edge');
  }
}
