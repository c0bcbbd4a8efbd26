import { Aspects, Stack, type IAspect } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

type Statement = { Action?: string | string[]; Resource?: unknown; [k: string]: unknown };

const invalidationActions = new Set(['cloudfront:GetInvalidation', 'cloudfront:CreateInvalidation']);

/**
 * CDK's BucketDeployment grants its (stack-wide singleton) handler CloudFront invalidations on "*".
 * The one distribution it invalidates has an ARN, so this rewrites that statement to it.
 */
class ScopeInvalidationGrant implements IAspect {
  constructor(private readonly distributionArn: string) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnPolicy) || !node.node.path.includes('CDKBucketDeployment')) return;
    const document = Stack.of(node).resolve(node.policyDocument) as { Statement: Statement[] };
    let changed = false;
    for (const statement of document.Statement) {
      const actions = ([] as string[]).concat(statement.Action ?? []);
      if (statement.Resource === '*' && actions.length > 0 && actions.every((a) => invalidationActions.has(a))) {
        statement.Resource = this.distributionArn;
        changed = true;
      }
    }
    if (changed) node.addPropertyOverride('PolicyDocument', document);
  }
}

export function scopeInvalidationGrant(distribution: Distribution): void {
  const stack = Stack.of(distribution);
  const arn = stack.formatArn({
    service: 'cloudfront',
    region: '',
    resource: 'distribution',
    resourceName: distribution.distributionId,
  });
  Aspects.of(stack).add(new ScopeInvalidationGrant(arn));
}
