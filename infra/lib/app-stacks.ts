import type { App } from 'aws-cdk-lib';
import type { DeployConfig } from './config.ts';
import { EdgeStack } from './edge-protection.ts';
import { TapewatchStack } from './tapewatch-stack.ts';

export interface AppStacksOptions {
  config: DeployConfig;
  account?: string;
  /** The region the app deploys to (the CLI's CDK_DEFAULT_REGION); unset means environment-agnostic. */
  region?: string;
  stubMissingHandlers?: boolean;
  webDistDir?: string;
}

/**
 * The stacks of one stage. CloudFront's web ACL must be created in us-east-1: in us-east-1 (or
 * environment-agnostic, where only us-east-1 would deploy) it is part of the main stack; anywhere
 * else it gets a `<stack>-edge` stack in us-east-1, which the main stack references across regions
 * (CDK keeps the ARN in SSM Parameter Store and reads it at deploy time; `cdk deploy --all` deploys
 * the edge stack first).
 */
export function createStacks(app: App, o: AppStacksOptions): { main: TapewatchStack; edge?: EdgeStack } {
  const name = `Tapewatch-${o.config.stage.name}`;
  const crossRegion = Boolean(o.region && o.region !== 'us-east-1');
  const edge = crossRegion
    ? new EdgeStack(app, `${name}-edge`, {
        env: { account: o.account, region: 'us-east-1' },
        crossRegionReferences: true,
        description: `Tapewatch (${o.config.stage.name}): CloudFront web ACL (us-east-1, where CloudFront-scoped ACLs live)`,
        terminationProtection: o.config.stage.retain,
      })
    : undefined;
  const main = new TapewatchStack(app, name, {
    config: o.config,
    stubMissingHandlers: o.stubMissingHandlers,
    webDistDir: o.webDistDir,
    webAclArn: edge?.acl.arn,
    crossRegionReferences: crossRegion,
    description: `Tapewatch (${o.config.stage.name}): web, /api, WebSocket, data tables, auth, scheduled jobs, alarms`,
    terminationProtection: o.config.stage.retain,
    env: { account: o.account, region: o.region },
  });
  return { main, edge };
}
